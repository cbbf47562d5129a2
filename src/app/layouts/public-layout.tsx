import { Outlet } from '@tanstack/react-router';
import { Footer } from './footer';
import { Header } from './header';

export function PublicLayout() {
  return (
    <>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
