"""The ETag is a strong validator of the answer's bytes and language (RFC 9110 8.8.3): a quoted
opaque tag that changes with either and with nothing else."""

import re

from service.api.answers import etag_of


def test_etag_is_a_quoted_128_bit_hex_tag():
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag_of(b'{"a":1}'))


def test_etag_follows_the_body_bytes():
    body = b'{"score":{"red":12,"blue":9}}'
    assert etag_of(body) == etag_of(bytes(body))
    assert etag_of(body) != etag_of(body.replace(b"12", b"13"))
    assert etag_of(body) != etag_of(body + b" ")


def test_etag_follows_the_language_the_texts_were_rendered_in():
    body = b'{"message":"x"}'
    tags = {etag_of(body), etag_of(body, "en"), etag_of(body, "hu"), etag_of(body, "nl")}
    assert len(tags) == 4


def test_etag_language_is_not_confused_with_the_body():
    # the NUL between body and language keeps (body + lang) pairs apart
    assert etag_of(b"ab", "hu") != etag_of(b"a", "bhu")
