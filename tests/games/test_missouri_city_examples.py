"""The four worked examples of the rules document (section 4), every total checked."""

from tests.games.stacked import play, plays


def test_example_1_official_double_backhand_tie_broken_on_thv():
    trace = play(
        "missouri-city",
        "10 6 5 | 10 2 | 7 5 | 4 4 8 9",
        "red hit, green hit, red backhand, green backhand",
        first_dealt="green",
    )
    assert plays(trace) == [
        ("red", "4S", 9, 12, 16),
        ("green", "4H", 9, 12, 16),
        ("red", "8S", 14, 16, 24),
        ("green", "9S", 15, 16, 25),
    ]
    assert trace["winner"] == "red"
    assert trace["decided_by"] == "W-4"
    assert trace["seats"]["red"] == {
        "outcome": "successful",
        "method": "backhand",
        "player_total": 16,
        "dealer_total": 14,
        "total_hand_value": 24,
    }
    assert trace["seats"]["green"] == {
        "outcome": "successful",
        "method": "backhand",
        "player_total": 16,
        "dealer_total": 15,
        "total_hand_value": 25,
    }
    first = trace["steps"][1]
    assert first["spot"] == "S3" and first["event"]["card"] == "10S"


def test_example_2_push_push_again_play_the_push():
    trace = play(
        "missouri-city",
        "7 3 10 | J 8 | 9 4 | Q 7 | 5 3 6",
        "red push, green hit, red play_push, green backhand",
        first_dealt="red",
    )
    push_step = next(s for s in trace["steps"] if s["event"].get("action") == "push")
    assert push_step["seats"]["red"]["total_hand_value"] is None  # hand discarded, new cards due
    after_push = [s for s in trace["steps"] if s.get("purpose") == "push"][-1]
    assert after_push["seats"]["red"]["total_hand_value"] == 17  # new IHV 17, still a push hand
    assert plays(trace) == [
        ("green", "5S", 15, 13, 18),
        ("red", "3H", 13, 17, 20),
        ("green", "6S", 9, 18, 24),
    ]
    assert trace["winner"] == "red"
    assert trace["decided_by"] == "W-3"
    assert trace["seats"]["red"]["method"] == "play_push"
    assert trace["seats"]["green"]["method"] == "backhand"


def test_example_3_stand_pat_against_backhand_hit_ace_counts_11_for_dealer():
    trace = play(
        "missouri-city",
        "5 8 2 | 10 3 | 9 5 | A 3 6",
        "red hit, green hit, red stand_pat, green backhand",
        first_dealt="green",
    )
    assert plays(trace) == [
        ("red", "AS", 13, 14, 15),
        ("green", "3H", 5, 13, 16),
        ("red", "STAND PAT", 13, 14, 15),
        ("green", "6S", 14, 16, 22),
    ]
    assert trace["winner"] == "red"
    assert trace["decided_by"] == "SP-W2"
    assert trace["seats"]["red"]["method"] == "stand_pat"


def test_example_4_five_card_hand_beats_stand_pat_forced_hits():
    trace = play(
        "missouri-city",
        "4 2 3 | 2 3 | 8 6 | 2 | 4 2 5",
        "green hit, green stand_pat",
        first_dealt="red",
    )
    assert plays(trace) == [
        ("green", "2D", 5, 14, 16),
        ("green", "STAND PAT", 5, 14, 16),
        ("red", "4H", 7, 5, 9),
        ("red", "2C", 4, 9, 11),
        ("red", "5S", 9, 11, 16),
    ]
    forced = [s for s in trace["steps"] if s.get("purpose") == "forced_hit"]
    assert len(forced) == 3
    assert trace["winner"] == "red"
    assert trace["decided_by"] == "SP-W4"
    assert trace["seats"]["red"]["method"] == "five_card"
