"""The training page in headless Chromium: each kind of drill run with right and wrong answers
typed at the console, the scoring checked on screen and in the database. The server's clock is
the test's (advanced by hand), so the times do not depend on how fast this machine is."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page

from dealer_display.training_app import create_training_app
from table_controller.training.records import TrainingRecords
from table_controller.training.service import Trainer, TrainingSettings
from tests.dealer_display.live import display_settings
from tests.dealer_display.screen import ARTIFACTS


class Clock:
    def __init__(self) -> None:
        self.now = 1_764_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Served:
    url: str
    trainer: Trainer
    records: TrainingRecords
    clock: Clock


@contextmanager
def training_page(
    tmp_path: Path, cards: str = "sim://?seed=1", **settings: object
) -> Iterator[Served]:
    records = TrainingRecords(str(tmp_path / "table.db"))
    clock = Clock()
    trainer = Trainer(TrainingSettings(**settings), records, clock)  # type: ignore[arg-type]
    display = display_settings(cards)
    app = create_training_app(display, trainer)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=display.port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, name="training-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), (
            "the training server did not start"
        )
        time.sleep(0.02)
    try:
        yield Served(f"http://127.0.0.1:{display.port}/", trainer, records, clock)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        records.close()


def open_page(browser: Browser, served: Served) -> Page:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(f"{served.url}train#token={served.trainer and 'dealer-token-for-tests'}")
    page.wait_for_function("window.trainingReady === true")
    return page


def type_line(page: Page, line: str) -> None:
    """Type a console line and press Enter; returns once the page has drawn the answer."""
    answers = page.evaluate("document.body.dataset.answers || '0'")
    page.fill("#train-line", line)
    page.press("#train-line", "Enter")
    page.wait_for_function(f"(document.body.dataset.answers || '0') !== '{answers}'")


def press_key(page: Page, key: str) -> None:
    answers = page.evaluate("document.body.dataset.answers || '0'")
    page.press("#train-line", key)
    page.wait_for_function(f"(document.body.dataset.answers || '0') !== '{answers}'")


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"training-{name}.png"), full_page=True)


def right_line(served: Served) -> str:
    """The right step, from the drill itself (the test's oracle, never shown to the page)."""
    step = served.trainer.drill.dealing.right_step
    return step.words().replace("$", "") if step.kind != "pit_boss" else "pit"


def test_a_procedure_drill_in_learn_mode_scores_a_wrong_step_on_screen_and_in_the_database(
    browser: Browser, tmp_path: Path
) -> None:
    with training_page(
        tmp_path, trainee="Ana", drill="dealer-blackjack-insurance", mode="learn"
    ) as served:
        page = open_page(browser, served)
        assert page.inner_text("#train-banner") == "Deal SEAT 1 first card"
        assert page.is_visible("#train-notes")
        served.clock.now += 4.0
        type_line(page, "deal dealer/up")
        feedback = page.inner_text("#train-feedback")
        assert "\u2717 BJ-4: the dealer's up card comes after every seat's first card" in feedback
        assert "Right step: deal seat1/h1/card1" in feedback
        shot(page, "procedure-learn-wrong")
        served.clock.now += 2.0
        assert page.inner_text("#train-spots li:first-child").startswith("seat1/h1/card1")
        press_key(page, "1")  # the number key deals the card in hand to spot 1
        assert "\u2713 right" in page.inner_text("#train-feedback")
        while not served.trainer.drill.finished:
            served.clock.now += 1.5
            type_line(page, right_line(served))
        assert "Drill over: 16 of 17 right at the first try, 1 error," in page.inner_text(
            "#train-done"
        )
        assert page.errors == []  # type: ignore[attr-defined]
        shot(page, "procedure-learn-done")
        attempt = served.records.attempts("Ana")[0]
        errors = served.records.errors("Ana")
        steps = served.records.steps(attempt["attempt_id"])
    assert (attempt["steps"], attempt["right_first"], attempt["errors"]) == (17, 16, 1)
    assert [(e["rule"], e["entered"]) for e in errors] == [("BJ-4", "deal dealer/up")]
    assert steps[0]["seconds"] == pytest.approx(6.0) and steps[1]["seconds"] == pytest.approx(1.5)


def test_test_mode_hides_the_banner_and_the_right_step(browser: Browser, tmp_path: Path) -> None:
    with training_page(tmp_path, trainee="Bo", drill="impossible-card", mode="test") as served:
        page = open_page(browser, served)
        assert not page.is_visible("#train-banner") and not page.is_visible("#train-notes")
        for _ in range(6):
            served.clock.now += 1.0
            type_line(page, right_line(served))
        assert page.get_attribute("#train-card .card", "data-code") == "10S"
        type_line(page, "deal green.hand")
        feedback = page.inner_text("#train-feedback")
        assert "\u2717 MC-1" in feedback and "Right step" not in feedback
        shot(page, "impossible-card-test-wrong")
        type_line(page, "pit")
        assert "Drill over: 6 of 7 right" in page.inner_text("#train-done")
        assert [e["rule"] for e in served.records.errors("Bo")] == ["MC-1"]


def test_a_payout_drill_wrong_then_right(browser: Browser, tmp_path: Path) -> None:
    with training_page(
        tmp_path, trainee="Cy", game="blackjack", drill="payouts", questions=3, seed=5
    ) as served:
        page = open_page(browser, served)
        questions = served.trainer.drill.questions
        assert page.inner_text("#train-question") == f"1 of 3: {questions[0]['question']}"
        served.clock.now += 2.0
        type_line(page, f"{questions[0]['answer'] / 100:.2f}")
        served.clock.now += 6.0
        type_line(page, "1.00")
        assert f"\u2717 {questions[1]['rule']}" in page.inner_text("#train-feedback")
        assert f"Right answer: ${questions[1]['answer'] / 100:,.2f}" in page.inner_text(
            "#train-feedback"
        )
        shot(page, "payouts-wrong")
        served.clock.now += 1.0
        type_line(page, f"{questions[1]['answer'] / 100:.2f}")
        served.clock.now += 3.0
        type_line(page, f"{questions[2]['answer'] / 100:.2f}")
        assert "right first try 2/3" in page.inner_text("#train-score")
        shot(page, "payouts-done")
        attempt = served.records.attempts("Cy")[0]
    assert (attempt["steps"], attempt["right_first"], attempt["errors"]) == (3, 2, 1)
    assert attempt["seconds"] == pytest.approx((2.0 + 7.0 + 3.0) / 3)
    assert attempt["within_limit"] == pytest.approx(2 / 3)


def test_a_totals_drill_and_an_unreadable_answer(browser: Browser, tmp_path: Path) -> None:
    with training_page(
        tmp_path, trainee="Di", game="missouri-city", drill="totals", questions=2, seed=3
    ) as served:
        page = open_page(browser, served)
        q = served.trainer.drill.questions
        assert page.locator("#train-table .card[data-code]").count() >= 2
        type_line(page, "twelve")
        assert "a total is a number" in page.inner_text("#train-feedback")
        served.clock.now += 2.5
        type_line(page, q[0]["answer"])
        served.clock.now += 2.0
        type_line(page, str(int(q[1]["answer"]) + 1))
        assert "\u2717" in page.inner_text("#train-feedback")
        shot(page, "totals-wrong")
        type_line(page, q[1]["answer"])
        assert "right first try 1/2" in page.inner_text("#train-score")
        assert page.locator("#train-drill option").all_inner_texts()[:4] == [
            "procedure",
            "payouts",
            "totals",
            "dealer-blackjack-insurance",
        ]
        page.select_option("#train-drill", "procedure")
        page.select_option("#train-pick-mode", "test")
        page.click("#train-new")
        page.wait_for_function("document.body.dataset.drill === 'procedure'")
        assert page.inner_text("#train-mode").lower() == "test" and not page.is_visible(
            "#train-banner"
        )
        assert page.inner_text("#train-spots li:first-child").startswith("S3")
        errors = served.records.errors("Di")
    assert [e["entered"] for e in errors] == [str(int(q[1]["answer"]) + 1)]


def test_the_report_and_the_trainers_view(browser: Browser, tmp_path: Path) -> None:
    with training_page(tmp_path, trainee="Ed", drill="stand-pat-window") as served:
        type_wrong = served.trainer.enter("deal S1")
        assert not type_wrong["right"]
        while not served.trainer.drill.finished:
            served.clock.now += 2.0
            served.trainer.enter(right_line(served))
        served.clock.now += 86_400
        served.trainer.start()
        while not served.trainer.drill.finished:
            served.clock.now += 1.0
            served.trainer.enter(right_line(served))
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{served.url}train/report?trainee=Ed")
        assert page.locator("svg").count() == 2 and page.locator("svg circle").count() == 4
        assert page.inner_text("#overall") == "Meets the standard in every drill taken"
        assert "MC-3" in page.inner_text("table:last-of-type")
        shot(page, "report")
        page.goto(f"{served.url}train/trainees")
        assert "Ed" in page.inner_text("table") and "meets the standard" in page.inner_text("table")
        shot(page, "trainees")


def test_a_live_training_table_the_trainee_draws_from_the_shoe(
    browser: Browser, tmp_path: Path
) -> None:
    with training_page(
        tmp_path,
        cards="sim://?seed=3&decks=6",
        trainee="Flo",
        game="blackjack",
        seats=1,
        drill="procedure",
        hands=1,
        live=True,
    ) as served:
        page = open_page(browser, served)
        assert page.is_visible("#train-draw") and not page.is_visible("#train-card")
        type_line(page, "deal burn")
        assert "draw the next card from the shoe first" in page.inner_text("#train-feedback")
        wrong_done = False
        for _ in range(200):
            if served.trainer.drill.finished:
                break
            if served.trainer.drill.dealing.waiting_for_card:
                page.fill("#train-line", "")
                page.press(
                    "#train-line", "Enter"
                )  # the simulated shoe deals; the card comes by the feed
                page.wait_for_function("!document.getElementById('train-card').hidden")
                if not wrong_done:
                    shot(page, "live-card-in-hand")
                continue
            served.clock.now += 2.0
            if not wrong_done and served.trainer.drill.dealing.right_step.kind == "deal":
                type_line(page, "deal dealer/card9")
                assert "\u2717" in page.inner_text("#train-feedback")
                wrong_done = True
            type_line(page, right_line(served))
        page.wait_for_function("document.getElementById('train-done') !== null")
        shot(page, "live-done")
        attempt = served.records.attempts("Flo")[0]
        steps = served.records.steps(attempt["attempt_id"])
    assert served.trainer.drill.finished and attempt["finished_at"] is not None
    assert (
        attempt["errors"] == 1 and attempt["right_first"] == attempt["steps"] - 1 == len(steps) - 1
    )
    assert steps[0]["right_step"] == "deal burn" and steps[0]["first_try"] == 0


def test_a_seats_signal_is_entered_as_its_decision(browser: Browser, tmp_path: Path) -> None:
    with training_page(tmp_path, trainee="Gus", drill="stand-pat-window", mode="learn") as served:
        page = open_page(browser, served)
        decisions = 0
        while (
            decisions < 2
        ):  # GREEN's hit, then GREEN's stand pat straight after the qualifying hit
            step = served.trainer.drill.dealing.right_step
            if step.kind == "decision":
                decisions += 1
                if decisions == 2:
                    break
            served.clock.now += 1.0
            type_line(page, right_line(served))
        assert page.inner_text("#train-signal") == "GREEN waves a flat hand over the cards"
        type_line(page, "red hit")
        assert "\u2717 MC-15: the stand-pat window: GREEN may stand pat" in page.inner_text(
            "#train-feedback"
        )
        shot(page, "signal-wrong")
        type_line(page, "green stand_pat")
        assert "\u2713 right" in page.inner_text("#train-feedback")
        assert [e["rule"] for e in served.records.errors("Gus")] == ["MC-15"]


def test_the_numbered_spots_are_offered_only_with_a_card_in_hand(
    browser: Browser, tmp_path: Path
) -> None:
    """While a payment or a decision is due there is no card to place: no spot list, and a
    number key is only a character typed (it dealt a card to spot 1, a scored error)."""
    with training_page(
        tmp_path, trainee="Hal", drill="dealer-blackjack-insurance", mode="learn"
    ) as served:
        page = open_page(browser, served)
        assert page.locator("#train-spots li").count() == 4  # the first card is in hand
        seen = set()
        while served.trainer.drill.dealing.right_step.kind != "payment" or "decision" not in seen:
            seen.add(served.trainer.drill.dealing.right_step.kind)
            served.clock.now += 1.0
            type_line(page, right_line(served))
            kind = served.trainer.drill.dealing.right_step.kind
            if kind in ("payment", "decision"):
                assert page.locator("#train-spots li").count() == 0, (
                    f"spots offered while a {kind} is due"
                )
        answers = page.evaluate("document.body.dataset.answers")
        page.press("#train-line", "1")
        assert page.input_value("#train-line") == "1"
        assert page.evaluate("document.body.dataset.answers") == answers  # nothing was sent
        type_line(page, right_line(served))  # the payment, after the stray key is cleared
        assert "\u2713 right" in page.inner_text("#train-feedback")
        assert served.records.errors("Hal") == [] and page.errors == []  # type: ignore[attr-defined]
