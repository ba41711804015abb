import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteFooter } from '../components/SiteFooter.js';

function DocumentLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Forkful`;
  }, [title]);
  return (
    <div className="page document-page">
      <main className="card document">
        <p>
          <Link to="/">← Back to ordering</Link>
        </p>
        <h1>{title}</h1>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function TermsPage() {
  return (
    <DocumentLayout title="Terms of Service">
      <p>
        Forkful provides online ordering on behalf of independent restaurants. When you place an
        order, your contract for the food is with the restaurant named on the store page; Forkful
        passes your order and payment to that restaurant.
      </p>
      <h2>Orders and prices</h2>
      <p>
        Prices, taxes, fees and promotions are set by the restaurant and confirmed when you place
        the order. The restaurant may decline or cancel an order, for example when an item is sold
        out or the store closes; any payment for a cancelled order is voided or refunded.
      </p>
      <h2>Payments</h2>
      <p>
        Card payments are authorised when you place the order and may be adjusted for tips you add.
        Card numbers are sent to the restaurant&apos;s payment processor and are never stored by
        Forkful.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password private. You are responsible for orders placed through your account. We
        may suspend accounts used for fraud or abuse.
      </p>
      <h2>Allergies</h2>
      <p>
        Menu descriptions come from the restaurant. If you have an allergy, call the restaurant
        before ordering.
      </p>
      <h2>Contact</h2>
      <p>
        For questions about an order, contact the restaurant directly using the phone number on its
        page.
      </p>
    </DocumentLayout>
  );
}

export function PrivacyPage() {
  return (
    <DocumentLayout title="Privacy Policy">
      <p>
        This policy explains what Forkful collects when you order from a restaurant that uses it,
        and why.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          Your name, phone number and email, to send your order and tell you when it is ready.
        </li>
        <li>Your delivery address and notes, when you choose delivery.</li>
        <li>
          The last four digits, brand and expiry of your card and the processor&apos;s reference, to
          handle voids and tip adjustments. We never store the full card number or security code.
        </li>
        <li>If you register: your order history and loyalty points.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        Only to take, prepare, deliver and support your order, and to keep the service secure. We
        share it with the restaurant you order from and with the services needed to complete the
        order (payment processing, text messages and email). We do not sell personal data.
      </p>
      <h2>Cookies</h2>
      <p>
        We use a necessary session cookie to keep your cart and sign-in. We do not use advertising
        cookies.
      </p>
      <h2>Your choices</h2>
      <p>
        You can update your profile at any time, and ask the restaurant or Forkful to delete your
        account and data.
      </p>
    </DocumentLayout>
  );
}
