"""Webhooks over TLS: a real HTTPS receiver on 127.0.0.1 (test_webhooks.Receiver over TLS)
with a certificate made for this test (a private certificate authority and a server certificate
for "localhost", built with `cryptography`). A receiver whose certificate the sender trusts
(SSL_CERT_FILE names the test authority, as a team would add its own CA) gets the signed body;
a certificate from an unknown authority, or one made for another host name, is refused during
the handshake: the body and its signature never leave, and the delivery log says why.

transactional_db: deliveries are handed over on commit and sent from another thread.
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from groundgate.models import WebhookAttempt, WebhookDelivery
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.webhooks import webhook_create
from tests.integrations.test_webhooks import Receiver, import_one_case
from tests.outbox import outbox_drain

pytestmark = pytest.mark.django_db(transaction=True)

A_DAY = datetime.timedelta(days=1)


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def make_authority(folder: Path, name: str) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(name))
        .issuer_name(_name(name))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - A_DAY)
        .not_valid_after(now + A_DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    (folder / f"{name}.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return key, cert


def make_server_certificate(
    folder: Path, authority: tuple[ec.EllipticCurvePrivateKey, x509.Certificate], host: str
) -> tuple[Path, Path]:
    ca_key, ca_cert = authority
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    names: list[x509.GeneralName] = [x509.DNSName(host)]
    if host == "localhost":
        names.append(x509.IPAddress(ipaddress.ip_address("127.0.0.1")))
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(host))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - A_DAY)
        .not_valid_after(now + A_DAY)
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    cert_path, key_path = folder / f"{host}.crt", folder / f"{host}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


class Receivers:
    """Makes HTTPS receivers with certificates of the trusted test authority or of another."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.trusted = make_authority(folder, "groundgate-test-ca")
        self.stranger = make_authority(folder, "somebody-else-ca")
        self.made: list[Receiver] = []

    def receiver(self, host: str = "localhost", *, trusted: bool = True) -> Receiver:
        """A receiver answering 200 over TLS with a certificate for `host`."""
        authority = self.trusted if trusted else self.stranger
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*make_server_certificate(self.folder, authority, host))
        self.made.append(Receiver([], tls=context))
        return self.made[-1]


@pytest.fixture
def dataset():
    return dataset_get_or_create(slug="hooks-tls")[0]


@pytest.fixture
def tls(tmp_path, monkeypatch):
    """The test authority, trusted by the sender through SSL_CERT_FILE (OpenSSL reads it when a
    verifying context loads its default certificates, i.e. at each delivery)."""
    receivers = Receivers(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "groundgate-test-ca.pem"))
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    yield receivers
    for r in receivers.made:
        r.close()


def deliver_to(dataset, url: str):
    hook = webhook_create(dataset=dataset, url=url, events=["verdict"])
    import_one_case(dataset)
    outbox_drain()
    delivery = WebhookDelivery.objects.get(webhook=hook)
    attempts = list(WebhookAttempt.objects.filter(delivery=delivery).order_by("attempt"))
    return hook, attempts


def test_a_receiver_with_a_trusted_certificate_gets_the_signed_body_over_tls(dataset, tls):
    receiver = tls.receiver()
    hook = webhook_create(dataset=dataset, url=receiver.url, events=["verdict"])
    receiver.secret = hook.secret
    import_one_case(dataset)
    outbox_drain()
    assert [(x["verified"], x["body"]["data"]["external_id"]) for x in receiver.received] == [
        (True, "demo-en-01")
    ]
    ((attempt,),) = [WebhookAttempt.objects.filter(delivery__webhook=hook)]
    assert (attempt.attempt, attempt.status_code, attempt.succeeded) == (1, 200, True)


def test_a_certificate_from_an_unknown_authority_is_refused_before_anything_is_sent(dataset, tls):
    stranger = tls.receiver(trusted=False)
    _, attempts = deliver_to(dataset, stranger.url)
    assert stranger.received == []
    assert attempts and not any(a.succeeded for a in attempts)
    assert all(a.status_code is None for a in attempts)
    assert "CERTIFICATE_VERIFY_FAILED" in attempts[0].error
    assert "unable to get local issuer certificate" in attempts[0].error


def test_a_certificate_for_another_host_name_is_refused(dataset, tls):
    impostor = tls.receiver("receiver.example")  # signed by the trusted authority, wrong name
    _, attempts = deliver_to(dataset, impostor.url)
    assert impostor.received == []
    assert attempts and not any(a.succeeded for a in attempts)
    assert "CERTIFICATE_VERIFY_FAILED" in attempts[0].error
    assert "Hostname mismatch" in attempts[0].error
