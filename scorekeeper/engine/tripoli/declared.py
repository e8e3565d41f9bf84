"""Stage 3 without the deal: what the table declared, checked as far as the cards shown allow.

Without the deal each player's hand is rebuilt from the cards he is seen to play, as the
Hearts replay does to prove a revoke. That is enough to prove a wrong stop (the next card
turned up later in someone's hand), a lead that was not the lowest of its suit (the leader
later played a lower one), a lead taken out of turn (a player passed over later played a
suit he could have led), and hand sizes no deal gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank, Suit
from ..errors import Said, IllegalPlay, ImpossibleResult, InconsistentRecord, RecordSyntaxError, either, plural
from ..cards import PlayItem
from ..seating import Seating
from .deal import hand_sizes
from .michigan import SUITS_SAID, MichiganPlay, colour_said
from .rules import TripoliRules


def runs_of(names: Sequence[str], items: Sequence[PlayItem]) -> tuple[MichiganPlay, ...]:
    """The plays with their runs: a card one rank above the last, same suit, goes on the run; any other card leads.

    :raises RecordSyntaxError: a card without its player (code ``syntax``).
    :raises IllegalPlay: a card played twice (code ``duplicate-card``).
    """
    plays: list[MichiganPlay] = []
    seen: dict[Card, int] = {}
    run = 0
    for i, item in enumerate(items):
        if item.player is None:
            raise RecordSyntaxError(Said("michigan play[%(index)s]: without the deal, name who played each card: "
                                         "[player, card]", index=i))
        c = item.card
        seat = names.index(item.player)
        if c in seen:
            raise IllegalPlay(Said("play %(number)s: %(player)s plays %(card)s, but it was played at play "
                                   "%(number2)s", number=i + 1, player=item.player, card=c.label, number2=seen[c] + 1),
                              code="duplicate-card", play=i, trick=run, player=item.player, card=c.code)
        seen[c] = i
        prev = plays[-1].card if plays else None
        goes_on = prev is not None and prev.suit is c.suit and prev.rank is not Rank.ACE and c.ri == prev.ri + 1
        if not goes_on:
            run += 1
        plays.append(MichiganPlay(seat, c, run, not goes_on))
    return tuple(plays)


def check_plays(rules: TripoliRules, seating: Seating, plays: Sequence[MichiganPlay], leader: int) -> None:
    """Every stop, lead and leader that the cards played later disprove (see the module docstring).

    :raises IllegalPlay: codes ``michigan-stop``, ``michigan-lead``, ``michigan-turn``.
    """
    names = seating.players
    when = {p.card: i for i, p in enumerate(plays)}
    later: list[list[tuple[int, Card]]] = [[] for _ in names]  # by seat: (index, card), in order
    for i, p in enumerate(plays):
        later[p.seat].append((i, p.card))

    def played_after(seat: int, i: int) -> list[tuple[int, Card]]:
        return [(j, c) for j, c in later[seat] if j > i]

    colour_rule = rules.colour_leads == "alternate"
    for i, p in enumerate(plays):
        if not p.lead:
            continue

        at = i + 1  # the play, 1-based, that the sentences name

        def refuse(code: str, why: Said) -> IllegalPlay:
            return IllegalPlay(why, code=code, play=i, trick=p.run, player=names[p.seat], card=p.card.code)

        last: Suit | None = None
        if i == 0:
            start, colour = leader, (False if colour_rule else None)
        else:
            stop = plays[i - 1]
            start, last = stop.seat, stop.card.suit
            colour = (not last.is_red) if colour_rule and last is not None else None
            nxt = Card(Rank(stop.card.ri + 1), stop.card.suit) if stop.card.rank is not Rank.ACE else None
            if nxt is not None and nxt in when and when[nxt] > i:
                j = when[nxt]
                raise refuse("michigan-stop", Said("play %(play)s: the run does not stop at %(card)s: %(player)s "
                                                   "held %(label)s (played at play %(number)s) and had to play it",
                                                   card=stop.card.label, player=names[plays[j].seat], label=nxt.label,
                                                   number=j + 1, play=at))

        def could_lead(seat: int) -> tuple[int, Card] | None:
            """A card ``seat`` played after this lead that he could have led instead."""
            for j, c in played_after(seat, i - 1):
                if colour is not None:
                    if c.suit is not None and c.suit.is_red == colour:
                        return j, c
                elif c.suit is not last:
                    return j, c
            return None

        if i == 0 and colour is None:
            if p.seat != start:  # anything may be led first: the first leader has no reason to pass
                raise refuse("michigan-turn", Said("play %(play)s: %(player)s leads %(card)s, but the first lead is "
                                                   "%(player2)s's", player=names[p.seat], card=p.card.label,
                                                   player2=names[start], play=at))
        else:
            for seat in seating.order_from(start):
                if seat == p.seat:
                    break
                proof = could_lead(seat)  # a player passed over must have had nothing to lead
                if proof is not None:
                    j, x = proof
                    raise refuse("michigan-turn", Said("play %(play)s: %(player)s leads %(card)s, but the lead was "
                                                       "%(player2)s's: he held %(label)s (played at play %(number)s)",
                                                       player=names[p.seat], card=p.card.label, player2=names[seat],
                                                       label=x.label, number=j + 1, play=at))
        c = p.card
        if colour is not None:
            if c.suit is None or c.suit.is_red != colour:
                raise refuse("michigan-lead", Said("play %(play)s: %(player)s leads %(card)s, but this lead must be "
                                                   "%(colour_word)s", player=names[p.seat], card=c.label,
                                                   colour_word=colour_said(colour), play=at))
            lower = [(j, x) for j, x in played_after(p.seat, i) if x.suit is not None and x.suit.is_red == colour and x.ri < c.ri]
            what = Said("his lowest %(colour)s card", colour=colour_said(colour))
        elif i == 0 and rules.first_lead == "lowest-in-hand":
            lower = [(j, x) for j, x in played_after(p.seat, i) if x.ri < c.ri]
            what = Said("the lowest card in his hand")
        else:
            if c.suit is last:
                raise refuse("michigan-lead", Said("play %(play)s: %(player)s leads %(card)s, but %(noun)s were just "
                                                   "played", player=names[p.seat], card=c.label,
                                                   noun=SUITS_SAID[c.suit.noun] if c.suit else '', play=at))
            lower = [(j, x) for j, x in played_after(p.seat, i) if x.suit is c.suit and x.ri < c.ri]
            what = Said("the lowest card of its suit")
        if lower:
            j, x = lower[0]
            raise refuse("michigan-lead", Said("play %(play)s: %(player)s leads %(card)s, but a lead is %(what)s and "
                                               "he held %(label2)s (played at play %(number)s)", player=names[p.seat],
                                               card=c.label, what=what, label2=x.label, number=j + 1, play=at))


def check_end(names: Sequence[str], plays: Sequence[MichiganPlay], out: int | None, block: bool, left: Sequence[int]) -> None:
    """The declared end fits the cards: the player out played the last card; nobody else ran out of cards.

    :raises InconsistentRecord: code ``go-out``.
    """
    if out is not None and plays and plays[-1].seat != out:
        last = plays[-1]
        raise InconsistentRecord(Said("%(player)s went out, but the last card played is %(player2)s's %(card)s",
                                      player=names[out], player2=names[last.seat], card=last.card.label),
                                 code="go-out", player=names[out])
    for seat, count in enumerate(left):
        if count == 0 and seat != out:
            end = (Said("the play was blocked") if block else Said("%(player)s went out", player=names[out])
                   if out is not None else Said("the play ended"))
            raise InconsistentRecord(Said("%(player)s has no cards left, so he went out; but the record says %(end)s",
                                          player=names[seat], end=end),
                                     code="go-out", player=names[seat])


def check_counts(names: Sequence[str], played: Sequence[int] | None, left: Sequence[int]) -> None:
    """Cards played plus cards left make a hand of a size the deal gives (5.2), with at most as many large hands.

    :raises ImpossibleResult: code ``impossible-result``.
    """
    n = len(names)
    sizes = hand_sizes(n)
    big, small = max(sizes), min(sizes)
    if played is None:
        for seat, count in enumerate(left):
            if count > big:
                raise ImpossibleResult((Said("%(player)s has %(count)s card left, but with %(n)s players no hand has "
                                             "more than %(big)s", player=names[seat], count=count, n=n, big=big)
                                        if count == 1 else Said("%(player)s has %(count)s cards left, but with %(n)s "
                                                                "players no hand has more than %(big)s",
                                                                player=names[seat], count=count, n=n, big=big)),
                                       player=names[seat])
        return
    totals = [a + b for a, b in zip(played, left)]
    for seat, total in enumerate(totals):
        if total not in (big, small):
            have = either([big, small]) if big != small else small
            raise ImpossibleResult((Said("%(player)s played %(count)s card and has %(left)s left: %(total)s cards in "
                                         "all, but with %(n)s players every hand has %(have)s", player=names[seat],
                                         count=played[seat], left=left[seat], total=total, n=n, have=have)
                                    if played[seat] == 1 else Said("%(player)s played %(count)s cards and has "
                                                                   "%(left)s left: %(total)s cards in all, but with "
                                                                   "%(n)s players every hand has %(have)s",
                                                                   player=names[seat], count=played[seat],
                                                                   left=left[seat], total=total, n=n, have=have)),
                                   player=names[seat])
    if big != small and sum(1 for t in totals if t == big) > sizes.count(big):
        raise ImpossibleResult((Said("more than %(count)s players hold %(big)s cards, but only %(hands)s hand of "
                                     "%(number)s get %(big)s", count=sizes.count(big), big=big, hands=sizes.count(big),
                                     number=n + 1)
                                if sizes.count(big) == 1 else Said("more than %(count)s players hold %(big)s cards, "
                                                                   "but only %(hands)s hands of %(number)s get "
                                                                   "%(big)s", count=sizes.count(big), big=big,
                                                                   hands=sizes.count(big), number=n + 1)))
