<?php
// A shop's server in plain PHP 8 (no Composer): it creates checkout sessions, receives the signed order events
// the checkout backend pushes, and reads the order before shipping it (README.md in this folder).
//
//   CHECKOUT_URL=http://127.0.0.1:4000 CHECKOUT_KEY=demo-shop-secret EVENTS_SECRET=whsec_... \
//     php -S 127.0.0.1:3000 shop.php

declare(strict_types=1);

const TOLERANCE_SECONDS = 300;

/**
 * A call to the checkout backend with the shop key (never the owner's ADMIN_TOKEN) and any more headers:
 * [status, parsed JSON, the answer's header lines].
 */
function checkout_api(string $method, string $path, ?array $body = null, array $headers = []): array
{
    $lines = ['Authorization: Bearer ' . getenv('CHECKOUT_KEY'), 'Content-Type: application/json', ...$headers];
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => implode("\r\n", $lines) . "\r\n",
        'content' => $body === null ? '' : json_encode($body),
        'ignore_errors' => true, // a 4xx answer's body names the field that is wrong
        'timeout' => 10,
    ]]);
    $url = rtrim(getenv('CHECKOUT_URL') ?: 'http://127.0.0.1:4000', '/') . $path;
    $answer = file_get_contents($url, false, $context);
    if ($answer === false) throw new RuntimeException("checkout backend unreachable at $url");
    preg_match('{^HTTP/\S+ (\d{3})}', $http_response_header[0], $status);
    return [(int) $status[1], json_decode($answer, true), $http_response_header];
}

/**
 * The event in $rawBody (the exact bytes received) if `Checkout-Signature: t=...,v1=...` holds an HMAC-SHA256 of
 * "{$t}.{$rawBody}" keyed with $secret and t is within 5 minutes of now; otherwise an exception says why.
 */
function verify_event(string $rawBody, string $header, string $secret, ?int $now = null): array
{
    $t = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        [$key, $value] = array_map('trim', explode('=', $part, 2)) + [1 => ''];
        if ($key === 't' && ctype_digit($value)) $t = (int) $value;
        if ($key === 'v1') $signatures[] = $value;
    }
    if ($t === null || $signatures === []) throw new UnexpectedValueException('Checkout-Signature is missing or malformed');
    $expected = hash_hmac('sha256', "$t.$rawBody", $secret);
    $matched = false;
    foreach ($signatures as $given) $matched = hash_equals($expected, $given) || $matched; // constant time
    if (!$matched) throw new UnexpectedValueException('no signature matches the secret');
    if (abs(($now ?? time()) - $t) > TOLERANCE_SECONDS) {
        throw new UnexpectedValueException('signed more than 5 minutes from now: a replay');
    }
    return json_decode($rawBody, true, 512, JSON_THROW_ON_ERROR);
}

function say(string $line): void
{
    file_put_contents('php://stderr', $line . "\n");
}

function answer(int $status, ?array $body = null): void
{
    http_response_code($status);
    if ($body !== null) {
        header('Content-Type: application/json');
        echo json_encode($body);
    }
}

$route = $_SERVER['REQUEST_METHOD'] . ' ' . parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);

if ($route === 'POST /checkout') {
    // the amount is decided here, from the shop's own cart, never by the browser
    $cart = [
        'amount' => '25.00',
        'currency' => 'USD',
        'country' => 'US',
        'items' => [['name' => 'T-shirt', 'sku' => 'TS-1', 'unit_price' => '12.50', 'quantity' => 2]],
        'return_url' => 'https://shop.example/thanks',
    ];
    // the cart's id as the Idempotency-Key: a checkout sent again (a double click, a retry after a lost answer)
    // gets the session the first one created (200, Idempotent-Replayed: true), not a second order
    $cartId = json_decode(file_get_contents('php://input') ?: '{}', true)['cart_id'] ?? null;
    $key = is_string($cartId) && $cartId !== '' ? ["Idempotency-Key: cart-$cartId"] : [];
    [$status, $session, $headers] = checkout_api('POST', '/api/sessions', $cart, $key);
    if ($status !== 201 && $status !== 200) throw new RuntimeException("session not created: $status " . json_encode($session));
    $replayed = in_array('idempotent-replayed: true', array_map('strtolower', $headers), true);
    say("session {$session['id']} " . ($replayed ? 'replayed' : 'created') . " for order {$session['order_no']}");
    // the page mounts the widget with the id and the client secret
    answer(200, ['id' => $session['id'], 'client_secret' => $session['client_secret'], 'order_no' => $session['order_no']]);
} elseif ($route === 'POST /checkout-events') {
    try {
        $event = verify_event(file_get_contents('php://input'), $_SERVER['HTTP_CHECKOUT_SIGNATURE'] ?? '', getenv('EVENTS_SECRET'));
    } catch (UnexpectedValueException | JsonException $e) {
        say("refused an event: {$e->getMessage()}");
        answer(400, ['error' => $e->getMessage()]);
        return;
    }
    say("verified {$event['type']} {$event['id']}");
    // the same event may come twice (same id): a real shop records $event['id'] and skips one it has handled
    if (isset($event['order'])) {
        $orderNo = $event['order']['order_no'];
        [$status, $order] = checkout_api('GET', '/api/orders/' . rawurlencode($orderNo));
        if ($status !== 200) throw new RuntimeException("order $orderNo not read: $status"); // 500: sent again later
        say("order $orderNo is {$order['status']} ({$order['amount']} {$order['currency']})");
        if ($event['type'] === 'order.paid' && $order['status'] === 'paid') say("shipping order $orderNo");
    }
    answer(204); // any 2xx, or the backend sends the event again
} else {
    answer(404, ['error' => 'not found']);
}
