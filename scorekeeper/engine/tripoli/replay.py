"""Replay and check one Tripoli deal, stage by stage, and settle its chips (catalogue 5.1-5.7).

The steps run in the table's order: antes, the spare hand, the paying-suit bid, stage 1,
the poker, Michigan. With the deal every action is checked against the cards held;
without it, against what the record itself shows (``declared``). The first illegal
action stops the replay with an error from the engine's family and a stable code.

>>> from scorekeeper.engine.tripoli.record import from_json
>>> quick = {"game": "tripoli", "players": ["A", "B", "C"], "dealer": "C",
...          "claims": {"AH": "A"}, "poker": {"bets": {"A": 2, "B": 2}, "winners": ["B"]},
...          "michigan": {"out": "C", "left": {"A": 4, "B": 1}}}
>>> outcome = replay(from_json(quick))
>>> outcome.payments, outcome.layout.total
((-12, -5, -1), 18)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Suit
from ..errors import Said, IllegalPlay, ImpossibleResult, InconsistentRecord, plural
from ..seating import Seating
from . import claims as claims_mod
from . import declared
from .bid import paying_suit, paying_suit_bid, sequence_of
from .deal import after_spare, check_deal, check_players, check_spare
from .layout import Layout, Ledger, Space, spaces_for
from .michigan import Michigan, MichiganPlay
from .outcome import ClaimResult, MichiganResult, PotResult, TripoliOutcome
from .pot import check_poker_cards_against_plays, first_leader, play_poker
from .record import FinalPokerRecord, TripoliRecord
from .rules import make_rules, sequence_ranks


def replay(record: TripoliRecord, carried: Layout | None = None, antes_in: bool | None = None,
           stacks: Sequence[int] | None = None) -> TripoliOutcome:
    """Check a deal and settle it; ``carried`` is the layout the session left (else the record's, else empty),
    ``antes_in`` whether the last deal was a misdeal whose antes serve this one (else the record's, else no),
    ``stacks`` each player's chips before the deal under table stakes (1.5; None: no limit).

    :raises ScorekeeperError: the first thing wrong, with its stable code (FORMAT.md lists them).
    """
    if isinstance(record, FinalPokerRecord):  # pragma: no cover - a caller's mix-up, not an input error
        raise TypeError("replay_final settles a final poker record")
    rules = make_rules(record.game, record.options)
    names = record.players
    check_players(names)
    seating = Seating(names)
    n = seating.size
    dealer = seating.seat(record.dealer)
    start = carried_layout(record.layout, carried, rules.has_poker)
    already = carried_antes(record.antes_in, antes_in)
    ledger = Ledger(n, start, stacks, names)
    if not already:  # 5.1: one chip on every space; a misdeal's antes stay for the redeal (4.2, AMB-49)
        for seat in range(n):
            for space in spaces_for(rules.has_poker):
                ledger.move(seat, space, 1, "ante")
    if record.misdeal is not None:  # void: nothing else happens, the same dealer deals again
        payments, after, transfers = ledger.close()
        return TripoliOutcome(
            record=record, rules=rules, seating=seating, dealer=dealer, carried=start, layout=after, payments=payments,
            transfers=transfers, spare=record.spare, paying_suit=Suit.HEARTS, sequence=rules.sequence, claims=(),
            michigan=None, antes_in=already, void=record.misdeal)

    # 5.2 the deal and the spare hand
    spare = record.spare
    check_spare(rules, names, dealer, spare)
    held: tuple[tuple[Card, ...], ...] | None = None
    dead: tuple[Card, ...] | None = None
    if record.deal is not None:
        if record.spare_hand is None:
            raise InconsistentRecord(Said("the deal needs the spare hand too (spare_hand): it is dealt in every deal"),
                                     code="deal")
        check_deal(rules, seating, dealer, record.deal, record.spare_hand)
        held, dead = after_spare(names, dealer, record.deal, record.spare_hand, spare)
    elif record.spare_hand is not None:
        raise InconsistentRecord(Said("the spare hand is given without the players' hands (deal)"), code="deal")
    if spare.sold and spare.buyer is not None and spare.price is not None:
        ledger.move(seating.seat(spare.buyer), dealer, spare.price, "spare")

    # 5.8 the paying suit and the sequence: a bid, Cosmo's board, or hearts and the option
    bid = paying_suit_bid(rules, record, seating, dealer, ledger)
    suit = paying_suit(rules, record, bid)
    sequence = sequence_of(rules, record)
    seq_ranks = sequence_ranks(sequence)
    recorded = None if record.claims is None else {space: tuple(map(seating.seat, who)) for space, who in record.claims}

    # 5.3 stage 1
    claim_results: tuple[ClaimResult, ...] = ()
    if not rules.in_play:
        if held is not None:
            taken = claims_mod.stage1_claims(held, suit, seq_ranks)
            if recorded is not None:
                claims_mod.compare_claims(names, taken, recorded, played=False)
        else:
            if recorded is None:
                raise InconsistentRecord(Said("without the deal, record the stage-1 claims (claims: who took which "
                                              "space)"),
                                         code="claim")
            claims_mod.check_declared(names, recorded, in_play=False)
            if record.michigan is not None and record.michigan.play is not None:
                claims_mod.check_against_plays(names, recorded, declared.runs_of(names, record.michigan.play), suit, seq_ranks)
            taken = recorded
        claim_results = pay_claims(ledger, taken)

    # 5.4 stage 2
    pot: PotResult | None = None
    if rules.has_poker:
        if record.poker is None:
            raise InconsistentRecord(Said("the record has no poker stage: give the betting (or each player's bets) "
                                          "and the winners"), code="poker")
        pot = play_poker(rules, seating, dealer, record.poker, held, ledger, final=False)
    elif record.poker is not None:
        raise InconsistentRecord(Said('cosmo plays only stage 3: the record cannot have a poker stage'), code="poker")

    # 5.6 stage 3
    michigan = record.michigan
    if michigan is None:
        raise InconsistentRecord(Said("the record does not say how stage 3 ended: give the play, or who went out (or "
                                      "the block) and the cards left"), code="michigan-end")
    leader = first_leader(rules, seating, dealer, pot)
    plays: tuple[MichiganPlay, ...] = ()
    if held is not None and dead is not None and michigan.play is not None:
        game = Michigan(rules, seating, held, dead, leader=leader, paying_suit=suit, sequence=seq_ranks)
        leader = game.turn  # who actually leads: 5.8 alternate passes the lead left past a player without the colour
        for i, item in enumerate(michigan.play):
            game.play(item.card, None if item.player is None else seating.seat(item.player), i)
        if not game.over:
            what = (Said("%(player)s must play %(card)s", player=names[game.turn], card=game.next_card.label)
                    if game.next_card else Said("%(player)s must lead", player=names[game.turn]))
            raise InconsistentRecord((Said("the play stops after %(count)s card with nobody out and no block: "
                                           "%(what)s", count=len(game.plays), what=what)
                                      if len(game.plays) == 1 else Said("the play stops after %(count)s cards with "
                                                                        "nobody out and no block: %(what)s",
                                                                        count=len(game.plays), what=what)),
                                     code="michigan-end", play=len(game.plays))
        plays = tuple(game.plays)
        out, block, left = game.out, game.end == "block", game.left
        if michigan.leader is not None and seating.seat(michigan.leader) != leader:
            raise IllegalPlay(Said("the record says %(leader)s led first, but the first lead is %(player)s's",
                                   leader=michigan.leader, player=names[leader]),
                              code="michigan-turn", player=michigan.leader)
        _check_declared_end(names, michigan.out, michigan.block, michigan.left, out, block, left)
    else:
        if michigan.play is not None:
            plays = declared.runs_of(names, michigan.play)
            first = leader if michigan.leader is None else seating.seat(michigan.leader)
            if michigan.leader is not None and rules.colour_leads == "off" and first != leader:
                raise IllegalPlay(Said("the record says %(leader)s led first, but the first lead is %(player)s's",
                                       leader=michigan.leader, player=names[leader]),
                                  code="michigan-turn", player=michigan.leader)
            declared.check_plays(rules, seating, plays, leader)
            if michigan.leader is not None and plays and plays[0].seat != first:
                raise IllegalPlay(Said("the record says %(leader)s led first, but %(player)s plays the first card",
                                       leader=michigan.leader, player=names[plays[0].seat]),
                                  code="michigan-turn", player=michigan.leader)
        out, block, left = _declared_end(names, michigan.out, michigan.block, michigan.left)
        declared.check_end(names, plays, out, block, left)
        if held is not None:
            _check_left_against_hands(names, held, left)
        else:
            played = [sum(1 for p in plays if p.seat == s) for s in range(n)] if michigan.play is not None else None
            declared.check_counts(names, played, left)
        if pot is not None and record.poker is not None:
            check_poker_cards_against_plays(names, record.poker, plays)
        if plays:
            leader = plays[0].seat
        elif held is not None and dead is not None:  # the deal without the play: who the rules make lead
            leader = Michigan(rules, seating, held, dead, leader=leader, paying_suit=suit, sequence=seq_ranks).turn

    if rules.in_play:
        if plays:
            taken, _ = claims_mod.in_play_claims(plays, suit, seq_ranks)
            if recorded is not None:
                claims_mod.compare_claims(names, taken, recorded, played=True)
        else:
            if recorded is None:
                raise InconsistentRecord(Said("without the stage-3 play, record who took which pay-card space "
                                              "(claims)"),
                                         code="claim")
            claims_mod.check_declared(names, recorded, in_play=True)
            if held is not None:
                claims_mod.check_against_hands(names, recorded, held, suit, seq_ranks)
            taken = recorded
        claim_results = pay_claims(ledger, taken)

    kitty, paid = settle_michigan_end(ledger, out, left)
    payments, after, transfers = ledger.close()
    return TripoliOutcome(
        record=record, rules=rules, seating=seating, dealer=dealer, carried=start, layout=after, payments=payments,
        transfers=transfers, spare=spare, paying_suit=suit, sequence=sequence, claims=claim_results,
        michigan=MichiganResult(leader, plays, "block" if block else "out", out, tuple(left), kitty, paid),
        bid=bid, pot=pot, held=held, dead=dead, antes_in=already,
    )


# --- the layout before ------------------------------------------------------------------------------

def carried_layout(given: Layout | None, carried: Layout | None, has_poker: bool) -> Layout:
    """The layout before the antes: the session's, which the record may repeat but not contradict.

    :raises InconsistentRecord: code ``layout``.
    """
    if given is not None and carried is not None and given != carried:
        raise InconsistentRecord(Said("the record's layout before the antes (%(pools)s) is not what the last deal "
                                      "left (%(pools2)s)", pools=given.describe(), pools2=carried.describe()),
                                 code="layout")
    start = carried if carried is not None else given if given is not None else Layout.empty()
    if not has_poker and start[Space.POT]:
        raise InconsistentRecord(Said('cosmo has no POT space, but the layout holds chips on it'), code="layout")
    return start


def carried_antes(given: bool | None, carried: bool | None) -> bool:
    """Whether this deal's antes are on the layout already: the session's word (the last deal was a misdeal),
    which the record may repeat but not contradict.

    :raises InconsistentRecord: code ``layout``.
    """
    if given is not None and carried is not None and given != carried:
        said = Said("are already on the layout (a misdeal's redeal)") if given else Said("are still to be put up")
        truth = Said("was a misdeal, so they are in") if carried else Said("was not a misdeal")
        raise InconsistentRecord(Said("the record says this deal's antes %(said)s, but the last deal %(truth)s",
                                      said=said, truth=truth), code="layout")
    return bool(carried if carried is not None else given)


# --- 5.3 / 5.8 pay-card spaces -------------------------------------------------------------------------

def pay_claims(ledger: Ledger, taken: claims_mod.Claims) -> tuple[ClaimResult, ...]:
    """Move each claimed space to its takers; SEQ is shared, the odd chips stay on it (5.3 step 3)."""
    results = []
    for space in claims_mod.CLAIM_SPACES:
        takers = taken.get(space, ())
        chips = ledger.holds(space)
        share = chips // len(takers) if takers else 0
        for seat in takers:
            ledger.move(space, seat, share, "claim")
        results.append(ClaimResult(space, tuple(takers), share, ledger.holds(space)))
    return tuple(results)


# --- 5.6 the end of stage 3 -------------------------------------------------------------------------

def _declared_end(names: Sequence[str], out_name: str | None, block: bool,
                  left: Sequence[int | None] | None) -> tuple[int | None, bool, tuple[int, ...]]:
    out = None if out_name is None else names.index(out_name)
    if out is None and not block:
        raise InconsistentRecord(Said('record how stage 3 ended: who went out (out), or a block'), code="michigan-end")
    counts: list[int | None] = list(left) if left is not None else [None] * len(names)
    if out is not None:
        if counts[out] not in (None, 0):
            raise InconsistentRecord(Said("%(player)s went out, so he has no cards left, not %(count)s",
                                          player=names[out], count=counts[out]), code="go-out",
                                     player=names[out])
        counts[out] = 0
    missing = [names[s] for s, c in enumerate(counts) if c is None]
    if missing:
        raise InconsistentRecord(Said("record how many cards %(missing)s has left (left)", missing=missing[0]),
                                 code="go-out", player=missing[0])
    return out, block, tuple(int(c or 0) for c in counts)


def _check_declared_end(names: Sequence[str], out_name: str | None, block: bool, left: Sequence[int | None] | None,
                        out: int | None, was_block: bool, real_left: Sequence[int]) -> None:
    """With the deal and the play, whatever end the record declares must be the one the play reached."""
    if out_name is not None and (out is None or names[out] != out_name):
        real = Said("%(player)s went out", player=names[out]) if out is not None else Said("the play was blocked")
        raise InconsistentRecord(Said("the record says %(out_name)s went out, but %(real)s", out_name=out_name,
                                      real=real), code="go-out", player=out_name)
    if block and not was_block:
        raise InconsistentRecord(Said("the record says the play was blocked, but %(player)s went out",
                                      player=names[out or 0]),
                                 code="michigan-end")
    for seat, count in enumerate(left or ()):
        if count is not None and count != real_left[seat]:
            raise InconsistentRecord((Said("the record says %(player)s has %(count)s card left, but he has "
                                           "%(real_left)s", player=names[seat], count=count, real_left=real_left[seat])
                                      if count == 1 else Said("the record says %(player)s has %(count)s cards left, "
                                                              "but he has %(real_left)s", player=names[seat],
                                                              count=count, real_left=real_left[seat])),
                                     code="go-out", player=names[seat])


def _check_left_against_hands(names: Sequence[str], held: Sequence[Sequence[Card]], left: Sequence[int]) -> None:
    for seat, count in enumerate(left):
        if count > len(held[seat]):
            raise ImpossibleResult((Said("%(player)s has %(cards)s card left, but he held only %(count)s",
                                         player=names[seat], cards=count, count=len(held[seat]))
                                    if count == 1 else Said("%(player)s has %(cards)s cards left, but he held only "
                                                            "%(count)s", player=names[seat], cards=count,
                                                            count=len(held[seat]))),
                                   player=names[seat])


def settle_michigan_end(ledger: Ledger, out: int | None, left: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """5.6 step 5: out takes KITTY and a chip per card from each; step 8: a block pays every card into KITTY."""
    paid = tuple(left)
    if out is not None:
        kitty = ledger.holds(Space.KITTY)
        ledger.move(Space.KITTY, out, kitty, "kitty")
        for seat, count in enumerate(left):
            if seat != out:
                ledger.move(seat, out, count, "cards")
        return kitty, paid
    for seat, count in enumerate(left):
        ledger.move(seat, Space.KITTY, count, "block")
    return 0, paid
