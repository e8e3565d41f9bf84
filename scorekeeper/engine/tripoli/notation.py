"""The text notation of Tripoli, Rummoli and Cosmo deals (docs/command.md): tags, then the numbered
lines of the deal: the paying-suit bid (``Bid 1.``), the poker's betting rounds (``Bet 1.``) and
the Michigan runs (``Run 1.``), one line each.

The machine is the families' (``notation_kit``). A betting or bidding line is one round: it ends
where a player acts a second time. A run ends where the next card does not follow the last one in
its suit (a stop). Comments come from the replay: who won the bid and the pot, who led each run,
how the play ended, what each player gained or paid and what the layout keeps. ``loads``/``dumps``/
``load``/``dump`` mirror ``json``; a written text reads back to an equal record, and writes back to
the same bytes.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Suit
from ..errors import ScorekeeperError
from ..notation_kit import Lines, Notation, Remarks, Tag, rounds, signed
from .record import AnyRecord, from_json, to_json
from .settlement import replay_json

__all__ = ["NOTATION", "TAGS", "dump", "dumps", "load", "loads"]

TAGS: dict[str, Tag] = {  # in the order the writer puts them
    "Game": Tag(("game",), "value", '[Game "tripoli"]'),
    "Id": Tag(("id",), "value", '[Id "2024-05-01-3"]'),
    "Players": Tag(("players",), "names", '[Players "A" "B" "C" "D"]'),
    "Dealer": Tag(("dealer",), "value", '[Dealer "D"]'),
    "Hand": Tag(("hand",), "value", "[Hand 1]"),
    "Option": Tag(("options",), "keyed", '[Option "bet_limit" 5]'),
    "Final": Tag(("final",), "value", "[Final true]"),
    "Layout": Tag(("layout",), "value", '[Layout {"JH": 4, "SEQ": 4}]'),
    "Pot": Tag(("pot",), "value", "[Pot 12]"),
    "Deal": Tag(("deal",), "keyed-cards", '[Deal "A" "4S AH KD JD TD 8D 5D TC 9C 6C 3C"]'),
    "SpareHand": Tag(("spare_hand",), "cards", '[SpareHand "AS QS 5S TH 9D 6D 3D QC JC 5C"]'),
    "Spare": Tag(("spare",), "value", '[Spare {"action": "auction", "buyer": "B", "price": 3}]'),
    "Event": Tag(("events",), "item", '[Event {"type": "misdeal", "reason": "wrong-count"}]'),
    "AntesIn": Tag(("antes_in",), "value", "[AntesIn true]"),
    "Bids": Tag(("bid", "bids"), "list", "[Bids]"),
    "BidWinner": Tag(("bid", "winner"), "value", '[BidWinner "D"]'),
    "BidAmount": Tag(("bid", "amount"), "value", "[BidAmount 3]"),
    "BidSuit": Tag(("bid", "suit"), "value", '[BidSuit "S"]'),
    "PayingSuit": Tag(("paying_suit",), "value", '[PayingSuit "S"]'),
    "Sequence": Tag(("sequence",), "value", '[Sequence "J-Q-K"]'),
    "Claim": Tag(("claims",), "keyed", '[Claim "AH" "A"]'),
    "Poker": Tag(("poker",), "object", "[Poker]"),
    "PokerHand": Tag(("poker", "hands"), "keyed-cards", '[PokerHand "A" "8D KD 9C TC TD"]'),
    "Betting": Tag(("poker", "betting"), "list", "[Betting]"),
    "Bets": Tag(("poker", "bets"), "keyed", '[Bets "A" 5]'),
    "Winners": Tag(("poker", "winners"), "names", '[Winners "A"]'),
    "Michigan": Tag(("michigan",), "object", "[Michigan]"),
    "Leader": Tag(("michigan", "leader"), "value", '[Leader "A"]'),
    "Runs": Tag(("michigan", "play"), "list", "[Runs]"),
    "Out": Tag(("michigan", "out"), "value", '[Out "B"]'),
    "Block": Tag(("michigan", "block"), "value", "[Block true]"),
    "Left": Tag(("michigan", "left"), "keyed", '[Left "A" 3]'),
    "Cut": Tag(("cut",), "value", '[Cut "A"]'),
}
BIDS = Lines("Bid", ("bid", "bids"), "action", "bidding round")
BETS = Lines("Bet", ("poker", "betting"), "action", "betting round")
RUNS = Lines("Run", ("michigan", "play"), "play", "run")
LINES = (BIDS, BETS, RUNS)


def _group(record: AnyRecord, spec: Lines, items: list[Any], players: int) -> list[int]:
    """Bids and bets by rounds; the Michigan play by runs: a run goes on while each card is the next
    of the last one's suit (a new lead is never that card: it is in the suit just played)."""
    if spec is not RUNS:
        return rounds(record, spec, items, players)
    cards = [Card.parse(item if isinstance(item, str) else item[1]) for item in items]
    return [i for i, c in enumerate(cards)
            if i == 0 or c.suit != cards[i - 1].suit or c.rank != cards[i - 1].rank + 1]


def _section(code: str) -> Lines:
    """The lines an error's ``play`` counts in (FORMAT.md: Michigan play, betting or bids)."""
    return BETS if code.startswith("bet-") else BIDS if code.startswith("bid") else RUNS


def _remarks(record: AnyRecord, starts: dict[str, list[int]]) -> Remarks:
    """Who won the bid and the pot, who led each run, how the play ended; the chips. Refused: why, where."""
    try:
        out = replay_json(to_json(record))
    except ScorekeeperError as exc:
        spec = _section(exc.code)
        return Notation.refused(exc, starts.get(spec.label, []), spec.label, exc.play)
    said: dict[str, list[str]] = {}
    bid = out.get("bid")
    if BIDS.label in starts and bid:
        won = "everyone passed" if bid["winner"] is None else f"{bid['winner']} wins the bid at {bid['amount']}"
        said[BIDS.label] = [""] * (len(starts[BIDS.label]) - 1) + [f"{won}; {Suit(bid['suit']).noun} pay"]
    poker = out.get("poker")
    if BETS.label in starts and poker:
        winners = " and ".join(poker["winners"])
        said[BETS.label] = [""] * (len(starts[BETS.label]) - 1) + [f"{winners} {'wins' if len(poker['winners']) == 1 else 'share'} "
                                                                  f"the pot of {poker['pot']}"]
    michigan = out.get("michigan")
    if RUNS.label in starts and michigan:
        runs = michigan["runs"]
        lines = [f"{run['leader']} led" for run in runs] if len(runs) == len(starts[RUNS.label]) else [""] * len(
            starts[RUNS.label])
        end = f"{michigan['out']} went out" if michigan["out"] is not None else "nobody can lead: blocked"
        lines[-1] = "; ".join(filter(None, [lines[-1], end]))
        said[RUNS.label] = lines
    kept = ", ".join(f"{space} {chips}" for space, chips in out["layout"].items() if chips) or "nothing"
    return Remarks(lines=said, ending=(f"chips: {signed(out['payments'])}; the layout keeps {kept}",))


def _complete(obj: dict[str, Any]) -> dict[str, Any]:
    """Part of a final poker deal, made a whole one: its poker (nothing yet)."""
    return {**obj, "poker": {}} if obj.get("final") is True and "poker" not in obj else obj


NOTATION: Notation[AnyRecord] = Notation(
    game="tripoli", tags=TAGS, lines=LINES, from_json=from_json, to_json=to_json, group=_group, remarks=_remarks,
    complete=_complete,
)

dumps, loads, dump, load = NOTATION.dumps, NOTATION.loads, NOTATION.dump, NOTATION.load
