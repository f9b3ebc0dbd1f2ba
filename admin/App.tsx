import { useEffect, useMemo, useState } from 'preact/hooks';
import { createAdminApi } from './api/client';
import { ApiKeys } from './pages/ApiKeys';
import { AuditLog } from './pages/AuditLog';
import { Disputes } from './pages/Disputes';
import { OrderDetail } from './pages/OrderDetail';
import { Orders } from './pages/Orders';
import { Overview } from './pages/Overview';
import { PaymentMethods } from './pages/PaymentMethods';
import { PayoutDetail } from './pages/PayoutDetail';
import { PayoutForm } from './pages/PayoutForm';
import { Payouts } from './pages/Payouts';
import { Recipients } from './pages/Recipients';
import { ShopEvents } from './pages/ShopEvents';
import { SignIn } from './pages/SignIn';
import { href, type Route, useRoute } from './route';
import { forgetToken, readToken, saveToken } from './tokenStore';

const NAV = [
  { section: 'overview', label: 'Overview' },
  { section: 'orders', label: 'Orders' },
  { section: 'disputes', label: 'Disputes' },
  { section: 'payouts', label: 'Payouts' },
  { section: 'recipients', label: 'Recipients' },
  { section: 'methods', label: 'Payment methods' },
  { section: 'shop-events', label: 'Shop events' },
  { section: 'events', label: 'Audit log' },
  { section: 'keys', label: 'API keys' },
] as const;

/** The shell: sign-in gate, navigation, and the page for the current hash route. */
export function App() {
  const [token, setToken] = useState(readToken);
  const [notice, setNotice] = useState<string>();
  const route = useRoute();
  const api = useMemo(
    () =>
      token
        ? createAdminApi(token, () => {
            forgetToken();
            setToken(null);
            setNotice('The admin token was not accepted any more. Sign in again.');
          })
        : null,
    [token],
  );

  const section = route.parts[0] ?? 'overview';
  const openDisputes = useOpenDisputes(api, route);
  // Move focus to the new page's heading, so a screen reader announces where the owner landed.
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [section, route.parts[1], api]);

  if (!api) {
    return (
      <main id="main" class="signin">
        <SignIn
          notice={notice}
          onSignedIn={(t) => {
            saveToken(t);
            setNotice(undefined);
            setToken(t);
          }}
        />
      </main>
    );
  }

  const signOut = () => {
    forgetToken();
    setToken(null);
    setNotice('You are signed out.');
  };

  return (
    <>
      <button type="button" class="skip" onClick={skipToMain}>
        Skip to content
      </button>
      <header class="top">
        <span class="brand">Shop admin</span>
        <nav aria-label="Sections">
          <ul>
            {NAV.map((n) => (
              <li key={n.section}>
                <a href={href(n.section)} aria-current={section === n.section ? 'page' : undefined}>
                  {n.label}
                  {n.section === 'disputes' && openDisputes ? (
                    <span class="count">
                      {openDisputes}
                      <span class="visually-hidden"> open</span>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="signout" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} api={api} />
      </main>
    </>
  );
}

function Page({ route, api }: { route: Route; api: NonNullable<ReturnType<typeof createAdminApi>> }) {
  const [section = 'overview', id] = route.parts;
  switch (section) {
    case 'overview':
      return <Overview api={api} />;
    case 'orders':
      return id ? <OrderDetail api={api} orderNo={id} /> : <Orders api={api} query={route.query} />;
    case 'payouts':
      if (id === 'new') return <PayoutForm api={api} />;
      return id ? <PayoutDetail api={api} id={id} /> : <Payouts api={api} />;
    case 'recipients':
      return <Recipients api={api} />;
    case 'methods':
      return <PaymentMethods api={api} />;
    case 'shop-events':
      return <ShopEvents api={api} />;
    case 'events':
      return <AuditLog api={api} query={route.query} />;
    case 'disputes':
      return <Disputes api={api} query={route.query} />;
    case 'keys':
      return <ApiKeys api={api} />;
    default:
      return (
        <>
          <h1 tabIndex={-1}>Page not found</h1>
          <p>
            <a href={href('overview')}>Go to the overview</a>
          </p>
        </>
      );
  }
}

/** A button, not a link to "#main": that hash would be read as a route, so it moves focus instead. */
function skipToMain() {
  document.getElementById('main')?.focus();
}

/** The navigation's count of open disputes, read again on every page change (a failure just shows none). */
function useOpenDisputes(api: ReturnType<typeof createAdminApi> | null, route: Route): number {
  const [open, setOpen] = useState(0);
  useEffect(() => {
    if (!api) return;
    let live = true;
    api.disputeSummary().then(
      (s) => live && setOpen(s.open),
      () => live && setOpen(0),
    );
    return () => {
      live = false;
    };
  }, [api, route.parts[0], route.parts[1]]);
  return open;
}
