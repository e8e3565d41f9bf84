"""seat drafts: each player's own hand, tapped on his phone

The hand a player taps on his own phone for the table's next hand, kept apart from the hands until
that hand is stored (which deletes it), with the hash of the secret his phone keeps. A new table
only: nothing stored before changes.

Revision ID: 84a81e45d331
Revises: 08c4e1982967
Create Date: 2026-12-02 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '84a81e45d331'
down_revision = '08c4e1982967'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('seat_drafts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session_id', sa.String(length=32), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('player', sa.String(length=40), nullable=False),
    sa.Column('cards', sa.JSON(), nullable=False),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], name=op.f('fk_seat_drafts_session_id_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat_drafts')),
    sa.UniqueConstraint('session_id', 'position', 'player', name=op.f('uq_seat_drafts_session_id_position_player'))
    )
    with op.batch_alter_table('seat_drafts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_drafts_session_id'), ['session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('seat_drafts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_drafts_session_id'))

    op.drop_table('seat_drafts')
