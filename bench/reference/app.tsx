/**
 * The bench's reference page (bench/README.md#the-reference-page): the site's home page as a typical
 * site-builder single-page app ships it (Vite, React, Supabase, a UI kit), client-rendered. An
 * entry bundle holds React, supabase-js (the session read at start), nanostores and the shell
 * (header, footer); the page itself is a route chunk loaded after it (React.lazy), with Headless
 * UI, zod and the page's content; its hero photo is found only once the page has rendered. The
 * empty `#root` shows nothing until all of that has arrived and run. Its text is its own, so the
 * site's content changing never changes its cost; bench/lib/reference.ts builds it.
 */
import { createClient, type Session } from '@supabase/supabase-js';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

export const supabase = createClient(`${location.origin}/auth-reference`, 'reference-anon-key', {
  auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: true },
});
export const $session = atom<Session | null>(null);
void supabase.auth.getSession().then(({ data }) => $session.set(data.session));

const Home = lazy(() => import('./home'));

function Header() {
  const session = useStore($session);
  return (
    <header>
      <div className="wrap">
        <a href="/" style={{ fontWeight: 800 }}>
          Springfield Home Maintenance
        </a>
        <nav aria-label="Main">
          <ul>
            <li>
              <a href="#services">Services</a>
            </li>
            <li>
              <a href="#autopilot">Autopilot</a>
            </li>
            <li>
              <Menu>
                <MenuButton className="btn outline">Blog</MenuButton>
                <MenuItems className="menu" anchor="bottom start">
                  {[
                    'Air filter replacement guide',
                    'Filter types guide',
                    'DIY vs professional',
                    'Hidden costs',
                    'How to change a filter',
                  ].map((t) => (
                    <MenuItem key={t}>
                      <a href="#blog">{t}</a>
                    </MenuItem>
                  ))}
                </MenuItems>
              </Menu>
            </li>
            <li>
              <a href="#contact">Contact</a>
            </li>
          </ul>
        </nav>
        {session ? (
          <Menu>
            <MenuButton className="btn outline">My Account</MenuButton>
            <MenuItems className="menu" anchor="bottom end">
              <MenuItem>
                <a href="#account">Account</a>
              </MenuItem>
              <MenuItem>
                <button type="button" onClick={() => void supabase.auth.signOut()}>
                  Sign Out
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        ) : (
          <a className="btn outline" href="#auth">
            Sign In
          </a>
        )}
      </div>
    </header>
  );
}

function App() {
  useEffect(() => {
    document.title = 'Springfield Home Maintenance';
  }, []);
  return (
    <>
      <Header />
      <Suspense fallback={null}>
        <Home />
      </Suspense>
      <footer>
        <div className="wrap">
          <p>Springfield Home Maintenance · (417) 555-0142 · help@springfieldhome.example</p>
          <p>Serving Springfield, Nixa, Ozark, Republic, Battlefield and Strafford, Missouri.</p>
        </div>
      </footer>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
