import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Legal">
        <Link to="/document/terms-of-service">Terms of Service</Link>
        <Link to="/document/privacy-policy">Privacy Policy</Link>
      </nav>
      <p>Online ordering by Forkful</p>
    </footer>
  );
}
