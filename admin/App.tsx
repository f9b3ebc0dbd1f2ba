import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Permission } from '../shared/contract/roles';
import { type AdminApi, createAdminApi, type Me } from './api/client';
import { Account } from './pages/Account';
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
import { Team } from './pages/Team';
import { Welcome } from './pages/Welcome';
import { PermissionsContext } from './permissions';
import { href, type Route, useRoute } from './route';

/** The sections, each shown only to a role holding its permission (shared/contract/roles.ts). */
const NAV = [
  { section: 'overview', label: 'Overview', permission: 'orders.read' },
  { section: 'orders', label: 'Orders', permission: 'orders.read' },
  { section: 'disputes', label: 'Disputes', permission: 'orders.read' },
  { section: 'payouts', label: 'Payouts', permission: 'payouts.read' },
  { section: 'recipients', label: 'Recipients', permission: 'payouts.read' },
  { section: 'methods', label: 'Payment methods', permission: 'methods.read' },
  { section: 'shop-events', label: 'Shop events', permission: 'shop_endpoints.manage' },
  { section: 'events', label: 'Audit log', permission: 'audit.read' },
  { section: 'team', label: 'Team', permission: 'team.manage' },
  { section: 'keys', label: 'API keys', permission: 'team.manage' },
  { section: 'account', label: 'Your account', permission: null },
] as const;

/**
 * The shell: asks the backend who is signed in (the session is an HttpOnly cookie the page never sees), shows
 * the sign-in form or the one-time link's page when nobody is, else the navigation the role may use and the page
 * for the current hash route.
 */
export function App() {
  // undefined: not asked yet; null: nobody signed in
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [notice, setNotice] = useState<string>();
  const route = useRoute();
  const api = useMemo(
    () =>
      createAdminApi(
        () => {
          setMe((was) => {
            if (was) setNotice('Your session ended. Sign in again.');
            return null;
          });
        },
        // the session is alive but may only set up two-factor sign-in (an owner reset it): show that page
        () => void refreshMe(),
      ),
    [],
  );
  function refreshMe() {
    return api.me().then(
      (m) => setMe(m),
      () => setMe(null),
    );
  }
  useEffect(() => {
    void refreshMe();
  }, []);

  const section = route.parts[0] ?? 'overview';
  // only for a session that may read orders: one that may only enrol a second factor asks nothing else
  const openDisputes = useOpenDisputes(
    me && !me.enrolment_required && me.permissions.includes('orders.read') ? api : null,
    route,
  );
  // Move focus to the new page's heading, so a screen reader announces where the owner landed.
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [section, route.parts[1], me]);

  if (me === undefined) return <main id="main" class="signin" aria-busy="true" />;
  if (!me) {
    const token = section === 'welcome' ? route.query.get('token') : null;
    return (
      <main id="main" class="signin">
        {token ? (
          <Welcome api={api} token={token} onSignedIn={setMe} />
        ) : (
          <SignIn
            api={api}
            notice={notice}
            onSignedIn={(m) => {
              setNotice(undefined);
              setMe(m);
            }}
          />
        )}
      </main>
    );
  }

  const signOut = () => {
    void api.signOut().finally(() => {
      setMe(null);
      setNotice('You are signed out.');
    });
  };
  const granted = new Set(me.permissions);
  const nav = NAV.filter((n) => n.permission === null || granted.has(n.permission));

  return (
    <>
      <button type="button" class="skip" onClick={skipToMain}>
        Skip to content
      </button>
      <header class="top">
        <span class="brand">Shop admin</span>
        <nav aria-label="Sections">
          <ul>
            {nav.map((n) => (
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
        <PermissionsContext.Provider value={granted}>
          {me.enrolment_required ? (
            <Account api={api} me={me} onChanged={refreshMe} />
          ) : (
            <Page route={route} api={api} me={me} onMeChanged={refreshMe} />
          )}
        </PermissionsContext.Provider>
      </main>
    </>
  );
}

function Page({ route, api, me, onMeChanged }: { route: Route; api: AdminApi; me: Me; onMeChanged: () => void }) {
  const [section = 'overview', id] = route.parts;
  const can = (p: Permission) => me.permissions.includes(p);
  // a page that exists but the role may not open says so, naming the role; an unknown one is not found
  const needs =
    section === 'payouts' && id === 'new' ? 'payouts.send' : NAV.find((n) => n.section === section)?.permission;
  if (needs && !can(needs)) return <Forbidden role={me.role} />;
  switch (section) {
    case 'overview':
      return <Overview api={api} />;
    case 'orders':
      // keyed: another order is another page, with nothing of the previous one's state
      return id ? <OrderDetail key={id} api={api} orderNo={id} /> : <Orders api={api} query={route.query} />;
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
    case 'account':
      return <Account api={api} me={me} onChanged={onMeChanged} />;
    case 'team':
      return <Team api={api} />;
  }
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        <a href={href('overview')}>Go to the overview</a>
      </p>
    </>
  );
}

/** A page the signed-in role may not open (the server would refuse its calls too): who to ask, not "not found". */
function Forbidden({ role }: { role: Me['role'] }) {
  return (
    <>
      <h1 tabIndex={-1}>You don't have access to this page</h1>
      <p>
        You don't have access to this page (your role: {role}). Ask an owner.{' '}
        <a href={href('overview')}>Go to the overview</a>
      </p>
    </>
  );
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
