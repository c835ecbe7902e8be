"""Every answer's head and body leave the worker in one write (service/serving.py, OneWriteResponse).

gunicorn's own response writes the head and then the body: a worker killed between the two left HAProxy a
whole head and no body, which it had already passed on, so it could not send the request to the other
replica. In one write, a killed worker leaves the whole answer or nothing, and nothing is sent again.
"""

from types import SimpleNamespace

import pytest
from gunicorn import util
from gunicorn.config import Config
from gunicorn.http import wsgi as gunicorn_wsgi
from gunicorn.http.parser import RequestParser

from service.serving import OneWriteResponse, post_worker_init


class RecordingSocket:
    def __init__(self):
        self.writes: list[tuple[str, bytes]] = []

    def sendall(self, data):
        self.writes.append(("sendall", bytes(data)))

    def sendfile(self, file, offset=0, count=None):
        file.seek(offset)
        self.writes.append(("sendfile", file.read(count)))


def answer(method: str, status: str, headers: list[tuple[str, str]], chunks: list[bytes]) -> list[tuple[str, bytes]]:
    cfg = Config()
    request = next(iter(RequestParser(cfg, [f"{method} / HTTP/1.1\r\nHost: x\r\n\r\n".encode()], ("127.0.0.1", 1))))
    sock = RecordingSocket()
    response = OneWriteResponse(request, sock, cfg)
    response.start_response(status, headers)
    for chunk in chunks:
        response.write(chunk)
    response.close()
    return sock.writes


def test_an_answer_with_a_length_is_one_write_of_its_head_and_body():
    body = b'{"score": 1}'
    (write,) = answer("POST", "200 OK", [("Content-Length", str(len(body)))], [body])
    assert write[0] == "sendall" and write[1].startswith(b"HTTP/1.1 200 OK\r\n")
    assert write[1].endswith(b"\r\n\r\n" + body)


@pytest.mark.parametrize(
    ("method", "status", "chunks"), [("HEAD", "200 OK", [b"dropped"]), ("GET", "204 No Content", [])]
)
def test_an_answer_without_a_body_still_sends_its_head_once(method, status, chunks):
    (write,) = answer(method, status, [("Content-Length", "7")] if method == "HEAD" else [], chunks)
    assert write[0] == "sendall" and write[1].startswith(f"HTTP/1.1 {status}\r\n".encode())
    assert write[1].endswith(b"\r\n\r\n")


def test_a_streamed_answer_sends_its_head_with_its_first_chunk():
    writes = answer("GET", "200 OK", [], [b"ab", b"cd"])
    assert [data for _, data in writes[1:]] == [b"2\r\ncd\r\n", b"0\r\n\r\n"]
    assert b"Transfer-Encoding: chunked\r\n" in writes[0][1] and writes[0][1].endswith(b"\r\n\r\n2\r\nab\r\n")


def test_a_file_sent_by_sendfile_follows_its_head(tmp_path):
    path = tmp_path / "page.css"
    path.write_bytes(b"body{}")
    cfg = Config()
    request = next(iter(RequestParser(cfg, [b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"], ("127.0.0.1", 1))))
    sock = RecordingSocket()
    response = OneWriteResponse(request, sock, cfg)
    response.start_response("200 OK", [("Content-Length", "6")])
    with path.open("rb") as file:
        assert response.sendfile(gunicorn_wsgi.FileWrapper(file))
    response.close()
    assert [kind for kind, _ in sock.writes] == ["sendall", "sendfile"]
    assert sock.writes[0][1].endswith(b"\r\n\r\n") and sock.writes[1][1] == b"body{}"


def test_every_worker_answers_with_the_one_write_response(monkeypatch):
    monkeypatch.setattr(gunicorn_wsgi, "Response", gunicorn_wsgi.Response)  # restored after the test
    monkeypatch.setattr(util, "write_error", util.write_error)
    post_worker_init(SimpleNamespace())
    assert gunicorn_wsgi.Response is OneWriteResponse
