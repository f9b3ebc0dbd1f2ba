"""A shop's server in Python, standard library only: it creates checkout sessions, receives the signed order
events the checkout backend pushes, and reads the order before shipping it (README.md in this folder).

    CHECKOUT_URL=http://127.0.0.1:4000 CHECKOUT_KEY=demo-shop-secret EVENTS_SECRET=whsec_... python3 shop.py
"""

import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHECKOUT_URL = os.environ.get("CHECKOUT_URL", "http://127.0.0.1:4000").rstrip("/")
CHECKOUT_KEY = os.environ["CHECKOUT_KEY"]  # a shop-server key, never the owner's ADMIN_TOKEN
EVENTS_SECRET = os.environ["EVENTS_SECRET"]  # the endpoint's whsec_... secret, shown once when it was registered
PORT = int(os.environ.get("PORT", "3000"))
TOLERANCE_SECONDS = 300


def checkout_api(method, path, body=None, headers=None):
    """A call to the checkout backend with the shop key; returns the parsed JSON answer and the answer's headers,
    or raises HTTPError."""
    request = urllib.request.Request(
        CHECKOUT_URL + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + CHECKOUT_KEY, "Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response), response.headers


class SignatureError(Exception):
    pass


def verify_event(raw_body, header, secret, now=None):
    """The event in `raw_body` (the exact bytes received) if `Checkout-Signature: t=...,v1=...` holds an
    HMAC-SHA256 of f"{t}.{raw_body}" keyed with `secret` and t is within 5 minutes of now; else SignatureError."""
    t, signatures = None, []
    for part in (header or "").split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and value.isascii() and value.isdigit():
            t = int(value)
        elif key == "v1":
            try:
                signatures.append(bytes.fromhex(value))
            except ValueError:
                pass
    if t is None or not signatures:
        raise SignatureError("Checkout-Signature is missing or malformed")
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).digest()
    if not any(hmac.compare_digest(expected, given) for given in signatures):
        raise SignatureError("no signature matches the secret")
    if abs((now or time.time()) - t) > TOLERANCE_SECONDS:
        raise SignatureError("signed more than 5 minutes from now: a replay")
    return json.loads(raw_body)


class Shop(BaseHTTPRequestHandler):
    def do_POST(self):
        raw_body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path == "/checkout":
            self.create_checkout(json.loads(raw_body or b"{}"))
        elif self.path == "/checkout-events":
            self.receive_event(raw_body)
        else:
            self.answer(404, {"error": "not found"})

    def create_checkout(self, request):
        # the amount is decided here, from the shop's own cart, never by the browser
        cart = {
            "amount": "25.00",
            "currency": "USD",
            "country": "US",
            "items": [{"name": "T-shirt", "sku": "TS-1", "unit_price": "12.50", "quantity": 2}],
            "return_url": "https://shop.example/thanks",
        }
        # the cart's id as the Idempotency-Key: a checkout sent again (a double click, a retry after a lost
        # answer) gets the session the first one created, not a second order
        cart_id = request.get("cart_id")
        key = {"Idempotency-Key": f"cart-{cart_id}"} if cart_id else {}
        session, headers = checkout_api("POST", "/api/sessions", cart, key)
        replayed = headers.get("Idempotent-Replayed") == "true"
        print(f"session {session['id']} {'replayed' if replayed else 'created'} for order {session['order_no']}",
              flush=True)
        # the page mounts the widget with the id and the client secret
        self.answer(200, {"id": session["id"], "client_secret": session["client_secret"],
                          "order_no": session["order_no"]})

    def receive_event(self, raw_body):
        try:
            event = verify_event(raw_body, self.headers.get("Checkout-Signature"), EVENTS_SECRET)
        except SignatureError as e:
            print(f"refused an event: {e}", flush=True)
            return self.answer(400, {"error": str(e)})
        print(f"verified {event['type']} {event['id']}", flush=True)
        # the same event may come twice (same id): a real shop records event["id"] and skips one it has handled
        if "order" in event:
            order_no = event["order"]["order_no"]
            order, _ = checkout_api("GET", "/api/orders/" + urllib.parse.quote(order_no, safe=""))
            print(f"order {order_no} is {order['status']} ({order['amount']} {order['currency']})", flush=True)
            if event["type"] == "order.paid" and order["status"] == "paid":
                print(f"shipping order {order_no}", flush=True)
        self.send_response(204)  # any 2xx, or the backend sends the event again
        self.end_headers()

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", PORT), Shop)
    print(f"shop listening on http://127.0.0.1:{PORT}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)
