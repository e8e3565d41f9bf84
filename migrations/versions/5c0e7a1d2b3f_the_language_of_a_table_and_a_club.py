"""the language of a table and of a club

A table and a club keep the language they were started in (a code such as "fr"); their printed
sheets speak it, and so do their pages on a phone that chose no language of its own. Tables and
clubs stored before have none: each phone reads them in its own.

Revision ID: 5c0e7a1d2b3f
Revises: 84a81e45d331
Create Date: 2026-11-28 21:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5c0e7a1d2b3f'
down_revision = '84a81e45d331'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))
    with op.batch_alter_table('clubs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    with op.batch_alter_table('clubs', schema=None) as batch_op:
        batch_op.drop_column('language')
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_column('language')
