"""The per-request deadline through the WSGI app: an answer that overruns REQUEST_DEADLINE_MS is a 503
problem with Retry-After, the next request is served normally, and no timer is left armed."""

import signal

from service import create_app
from service.metrics import DEADLINES
from tests.integration import slowgame


def slow_app(deadline_ms):
    app = create_app({"redis_url": None, "request_deadline_ms": deadline_ms})
    slowgame.install(app)
    return app


def test_deadline_answers_503_problem_with_retry_after():
    client = slow_app(200).test_client()
    before = DEADLINES.labels(game="fake", op="score")._value.get()
    response = client.post("/v1/games/fake/score", data=slowgame.score_body(30), content_type="application/json")
    assert response.status_code == 503
    assert response.mimetype == "application/problem+json"
    assert response.headers["Retry-After"] == "1"
    problem = response.get_json()
    assert problem["status"] == 503 and problem["type"] == "/problems/deadline-exceeded"
    assert "Traceback" not in response.get_data(as_text=True)
    assert DEADLINES.labels(game="fake", op="score")._value.get() == before + 1
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_work_within_the_deadline_is_answered_and_disarms_the_timer():
    client = slow_app(2000).test_client()
    response = client.post("/v1/games/fake/score", data=slowgame.score_body(1), content_type="application/json")
    assert response.status_code == 200 and response.get_json()["spins"] > 0
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_an_abandoned_answer_is_not_remembered():
    client = slow_app(200).test_client()
    body = slowgame.score_body(30)
    assert client.post("/v1/games/fake/score", data=body, content_type="application/json").status_code == 503
    assert client.post("/v1/games/fake/score", data=body, content_type="application/json").status_code == 503


def test_the_503_is_the_one_the_contract_documents():
    from tests.test_contract_examples import CONTRACT

    documented = CONTRACT["components"]["responses"]["DeadlineExceeded"]
    example = documented["content"]["application/problem+json"]["example"]
    response = (
        slow_app(2000)
        .test_client()
        .post("/v1/games/fake/score", data=slowgame.score_body(30), content_type="application/json")
    )
    assert response.status_code == 503 == example["status"]
    assert {k: response.get_json()[k] for k in ("type", "title", "detail")} == {
        k: example[k] for k in ("type", "title", "detail")
    }
    assert "Retry-After" in documented["headers"]
