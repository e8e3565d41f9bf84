"""Tripoli's and Reversis' own part of a table's page, a hand's page and the result form in French, Dutch and
German: each says its game's words (the layout, the kitty, Michigan, the pay cards; the pools, the Quinola, the
fish) in the reader's language with none of its English sentences left; and the engine's refusals of either
game, given as data (``Said``), are worded in each language with their places filled (docs/languages.md)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import language
from scorekeeper.engine import reversis, tripoli
from scorekeeper.engine.errors import ScorekeeperError, Said
from scorekeeper.engine.tripoli import Layout
from tests.support.pages import Page, app, client, get  # noqa: F401  (fixtures)
from tests.support.reversisweb import E2, start_reversis
from tests.support.reversisweb import record as record_hand
from tests.support.tripoliweb import DEAL_1, DEAL_2, start_tripoli
from tests.support.tripoliweb import record as record_deal
from tests.support.languagepages import in_language, speaks

__all__ = ["app", "client"]
LANGUAGES = ["fr", "nl", "de"]

TRIPOLI_TABLE = {
    "fr": ["Enregistrer une donne", "Le tableau en liste", "est premier en main", "reporté à la donne suivante",
           "Chacun mise 1 jeton sur chacune des 9 cases.", "Sur le tableau :", "2 donnes comptent ; jetons gagnés"],
    "nl": ["Een spel invoeren", "Het bord als lijst", "is voorhand", "meegenomen naar het volgende spel",
           "Iedereen legt 1 fiche in op elk van de 9 vakken.", "Op het bord:", "2 spellen tellen; fiches gewonnen"],
    "de": ["Ein Spiel eintragen", "Das Tableau als Liste", "ist Vorhand", "ins nächste Spiel übertragen",
           "Jeder setzt 1 Chip auf jedes der 9 Felder.", "Auf dem Tableau:", "2 Spiele zählen; Chips gewonnen"]}
TRIPOLI_TABLE_ENGLISH = ["Record a deal", "Card by card", "deals again", "What happened", "The layout as a list",
                         "carried to the next deal", "Everyone antes", "hands are dealt", "is eldest", "On the layout:",
                         "in the kitty", "chips won (+)", "tap a number for why", "End: final poker", "Most chips so far",
                         "A card was found face up in the pack"]
TRIPOLI_HAND = {
    "fr": ["Pourquoi ces jetons", "Main de réserve : vendue, achetée par", "Cartes payantes :", "Michigan :",
           "Enregistrer la correction", "Enregistrée par son résultat rapide.", "Qui a pris chaque carte payante"],
    "nl": ["Waarom deze fiches", "Reservehand: verkocht, gekocht door", "Betaalkaarten:", "Michigan:",
           "De correctie bewaren", "Ingevoerd met de snelle uitslag.", "Wie nam elke betaalkaart"],
    "de": ["Warum diese Chips", "Reservehand: verkauft, gekauft von", "Zahlkarten:", "Michigan:",
           "Die Korrektur speichern", "Mit seinem schnellen Ergebnis eingetragen.", "Wer jede Zahlkarte nahm"]}
TRIPOLI_HAND_ENGLISH = ["Why these chips", "Spare hand:", "Pay cards:", "went out, took", "The layout after it",
                        "Save the correction", "Recorded by its quick result.", "Who took each pay card",
                        "The spare hand", "sold to", "The poker", "won by", "Michigan: who went out"]
TRIPOLI_RESULT = {
    "fr": ["Qu’a annoncé la table ?", "Le tableau avant les mises de cette donne", "Michigan : qui est sorti",
           "Enregistrer la donne", "La main de réserve : le donneur…", ">Cagnotte<"],
    "nl": ["Wat heeft de tafel aangegeven?", "Het bord voor de inleg van dit spel", "Michigan: wie ging uit",
           "Het spel bewaren", "De reservehand: de gever…", ">Kitty<"],
    "de": ["Was hat der Tisch angesagt?", "Das Tableau vor den Einsätzen dieses Spiels", "Michigan: wer ging hinaus",
           "Das Spiel speichern", "Die Reservehand: der Geber…", ">Kasse<"]}
TRIPOLI_RESULT_ENGLISH = ["What did the table declare?", "The layout before this deal", "Michigan: who went out",
                          "Save the deal", "The spare hand", "Who took each pay card", "Chips each put in the pot",
                          "Cards left in each other hand", "A space nobody took", ">nobody<", "sold to"]

REVERSIS_TABLE = {
    "fr": ["Enregistrer une donne", "Les poules", "après la dernière donne", "Dans les poules :",
           "à droite du donneur", "vers la droite : 12 cartes au donneur", "Fiches en main"],
    "nl": ["Een spel invoeren", "De potten", "na het laatste spel", "In de potten:", "rechts van de gever",
           "naar rechts: 12 kaarten aan de gever", "Fiches in bezit"],
    "de": ["Ein Spiel eintragen", "Die Kassen", "nach dem letzten Spiel", "In den Kassen:", "rechts vom Geber",
           "nach rechts: 12 Karten an den Geber", "Fische im Besitz"]}
REVERSIS_TABLE_ENGLISH = ["Record a hand", "Card by card", ">Misdeal<", ">The pools <", "after the last hand",
                          "In the pools:", "(right of the dealer) leads", "12 cards to the dealer", "fish won (+)",
                          "Fish held", "Most fish so far", ">Pool<", "Who pays whom", "tap a number for why"]
REVERSIS_HAND = {
    "fr": ["Pourquoi ces fiches", "Chaque paiement, dans l’ordre", "Les poules après elle", "&rarr; la poule <strong>",
           "Gagnant de la donne :", "Qui a joué le Quinola et chaque as"],
    "nl": ["Waarom deze fiches", "Elke betaling, op volgorde", "De potten erna", "&rarr; de pot <strong>", "Winnaar van het spel:",
           "Wie speelde de Quinola en elke aas"],
    "de": ["Warum diese Fische", "Jede Zahlung, der Reihe nach", "Die Kassen danach", "&rarr; die Kasse <strong>",
           "Gewinner des Spiels:", "Wer die Quinola und jedes Ass gespielt hat"]}
REVERSIS_HAND_ENGLISH = ["Why these fish", "Every payment, in order", "The pools after it", "Hand winner:",
                         "the dealer's 5", "Save the correction", "Recorded by its quick result.",
                         "Who played the Quinola", "Tricks and card points", "Espagnolette, revoke, more",
                         "Misdeal? The deal is void", ">followed<", ">the stake<"]
REVERSIS_RESULT = {
    "fr": ["Les poules avant cette donne", "Plis et points de cartes", "Maldonne ? La donne est nulle",
           "Enregistrer la donne", "a entamé.", "Pas de maldonne"],
    "nl": ["De potten voor dit spel", "Slagen en kaartpunten", "Fout gegeven? Het spel is ongeldig",
           "Het spel bewaren", "kwam uit.", "Niet fout gegeven"],
    "de": ["Die Kassen vor diesem Spiel", "Stiche und Kartenpunkte", "Vergeben? Das Spiel ist ungültig",
           "Das Spiel speichern", "spielte aus.", "Nicht vergeben"]}
REVERSIS_RESULT_ENGLISH = ["The pools before this hand", "Tricks and card points", "Misdeal? The deal is void",
                           "Save the hand", " led.</p>", "No misdeal", "Who played the Quinola", ">led by<",
                           ">won by<", "A Reversis attempted", "Then the rest of this form is left out",
                           "Someone has too few or too many cards"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_tripoli_table_its_deal_and_its_form_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_tripoli(client)
    for deal in (DEAL_1, DEAL_2):
        assert record_deal(client, edit, deal).status_code == 302
    speaks(in_language(client, code, edit), code, TRIPOLI_TABLE[code], TRIPOLI_TABLE_ENGLISH)
    speaks(in_language(client, code, edit + "/hand/1"), code, TRIPOLI_HAND[code], TRIPOLI_HAND_ENGLISH)
    speaks(in_language(client, code, edit + "/result"), code, TRIPOLI_RESULT[code], TRIPOLI_RESULT_ENGLISH)
    english = get(client, edit + "/result")  # a phone that asks for nothing: the English every other test reads
    assert "What did the table declare?" in english.html and ">Kitty<" in english.html


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_tripoli_final_poker_speaks_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_tripoli(client)
    assert record_deal(client, edit, DEAL_1).status_code == 302
    form = in_language(client, code, edit + "/result?final=1")
    said = {"fr": ["Poker final", "Le gagnant prend tout le tableau", "Le poker final"],
            "nl": ["Slotpoker", "De winnaar neemt alles op het bord", "De slotpoker"],
            "de": ["Schlusspoker", "Der Gewinner nimmt alles auf dem Tableau", "Das Schlusspoker"]}
    speaks(form, code, said[code], ["Final poker", "dealt five cards each", "The final poker", "everything on the layout"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_reversis_table_its_hand_and_its_form_speak_the_phones_language(client: FlaskClient, code: str) -> None:
    edit, _read = start_reversis(client, ["Ann", "Bob", "Cat", "Dee"])
    for hand in E2[:2]:
        assert record_hand(client, edit, hand).status_code == 302
    speaks(in_language(client, code, edit), code, REVERSIS_TABLE[code], REVERSIS_TABLE_ENGLISH)
    speaks(in_language(client, code, edit + "/hand/1"), code, REVERSIS_HAND[code], REVERSIS_HAND_ENGLISH)
    speaks(in_language(client, code, edit + "/result"), code, REVERSIS_RESULT[code], REVERSIS_RESULT_ENGLISH)
    english = get(client, edit + "/hand/1")
    assert "Every payment, in order" in english.html and "&rarr; the pool <strong>5</strong>" in english.html


def refused(call: Any) -> Said:
    """The sentence, as data, of the engine's refusal of ``call``."""
    with pytest.raises(ScorekeeperError) as caught:
        call()
    assert caught.value.said is not None
    assert str(caught.value.said) == caught.value.message  # the English is the message, byte for byte
    return caught.value.said


PLAYERS = ["Ann", "Bob", "Cat", "Dee"]
TRIPOLI_DEAL = {"game": "tripoli", "players": PLAYERS, "dealer": "Dee", "claims": {},
                "poker": {"bets": {"Ann": 1}, "winners": ["Ann"]},
                "michigan": {"out": "Ann", "left": {"Bob": 14, "Cat": 2, "Dee": 3}}}
REVERSIS_HAND_RECORD = {"game": "reversis", "players": PLAYERS, "dealer": "Ann",
                        "taken": {"Ann": {"tricks": 0, "points": 3}, "Bob": {"tricks": 4, "points": 1},
                                  "Cat": {"tricks": 4, "points": 0}, "Dee": {"tricks": 3, "points": 0}},
                        "quinola_aces": dict.fromkeys(["JH", "AS", "AH", "AD", "AC"])}
WORDED = {
    "tripoli": {"en": "Bob has 14 cards left, but with 4 players no hand has more than 11",
                "fr": "Bob a encore 14 cartes, mais à 4 joueurs aucune main n’en a plus de 11",
                "nl": "Bob heeft nog 14 kaarten, maar met 4 spelers heeft geen hand er meer dan 11",
                "de": "Bob hat noch 14 Karten, aber bei 4 Spielern hat kein Blatt mehr als 11"},
    "reversis": {"en": "Ann won no trick but 3 card points",
                 "fr": "Ann n’a fait aucun pli mais 3 points de cartes",
                 "nl": "Ann won geen slag maar wel 3 kaartpunten",
                 "de": "Ann gewann keinen Stich, aber 3 Kartenpunkte"},
}


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_a_tripoli_and_a_reversis_refusal_are_worded_in_each_language(code: str) -> None:
    said = {"tripoli": refused(lambda: tripoli.replay_json(TRIPOLI_DEAL, Layout.from_json({}), False)),
            "reversis": refused(lambda: reversis.replay(reversis.from_json(REVERSIS_HAND_RECORD)))}
    assert said["tripoli"].places == {"player": "Bob", "count": 14, "n": 4, "big": 11}
    with language.speaking(code):
        for game, sentence in said.items():
            assert language.say(sentence) == WORDED[game][code], (game, code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_one_card_and_many_are_each_a_sentence_of_their_own(code: str) -> None:
    """A count's noun is in the sentence: one card and many cards are two sentences, each translated whole."""
    one = refused(lambda: reversis.replay(reversis.from_json(
        {**REVERSIS_HAND_RECORD, "taken": {**REVERSIS_HAND_RECORD["taken"], "Ann": {"tricks": 0, "points": 1},
                                           "Bob": {"tricks": 4, "points": 3}}})))
    assert str(one) == "Ann won no trick but 1 card point"
    with language.speaking(code):
        worded = language.say(one)
    assert worded == {"fr": "Ann n’a fait aucun pli mais 1 point de cartes", "nl": "Ann won geen slag maar wel 1 kaartpunt",
                      "de": "Ann gewann keinen Stich, aber 1 Kartenpunkt"}[code]
