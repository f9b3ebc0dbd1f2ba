import type { ShopEventType } from './shopEvents';

/**
 * The owner's view of the shop's event endpoints and their deliveries (`/admin/api/shop-endpoints`, issue #21),
 * shared by the backend, the admin page and the CLI. A secret (`whsec_...`) is shown only in the answer that
 * created it (create, roll); afterwards an endpoint shows how many secrets sign and until when.
 */
export interface ShopEndpointView {
  id: string;
  url: string;
  types: ShopEventType[];
  enabled: boolean;
  description: string | null;
  /** the signing secrets, newest first: `expires_at` null is the current one, a date a rolled one still signing */
  secrets: { created_at: string; expires_at: string | null }[];
  created_at: string;
  updated_at: string;
}

/** The answer to create and roll: the endpoint, and its new secret, shown this once. */
export interface ShopEndpointWithSecret {
  endpoint: ShopEndpointView;
  secret: string;
}

export interface ShopDeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  order_no: string | null;
  payout_request_id: string | null;
  event_created_at: string;
  /** pending (to be tried, or retried at next_attempt_at), delivered, failed (gave up after the retry period) */
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** the first characters of the endpoint's last answer */
  last_answer: string | null;
  delivered_at: string | null;
}

/** `GET /admin/api/shop-endpoints`. */
export interface ShopEndpointList {
  endpoints: ShopEndpointView[];
}

/** `GET /admin/api/shop-endpoints/deliveries`: the latest deliveries, newest first. */
export interface ShopDeliveryList {
  deliveries: ShopDeliveryView[];
}

/** `POST /admin/api/shop-endpoints/:id/test` (202): the test event and its delivery to this endpoint. */
export interface TestEventSent {
  event_id: string;
  delivery_id: string;
}

/** `POST /admin/api/shop-endpoints/deliveries/:id/resend` (202): due again at once. */
export interface DeliveryResent {
  id: string;
  status: 'pending';
}
