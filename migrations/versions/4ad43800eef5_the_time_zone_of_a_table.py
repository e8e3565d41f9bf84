"""the time zone of a table

The starting phone's time zone, for the times the printed sheet shows; the tables already
stored have none (not known: their sheets print in UTC and say so).

Revision ID: 4ad43800eef5
Revises: ba9e8aa6baba
Create Date: 2026-11-25 06:08:24.632067

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4ad43800eef5'
down_revision = 'ba9e8aa6baba'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_zone', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_column('time_zone')
