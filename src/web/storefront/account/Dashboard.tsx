// The User dashboard (spec §2): User Info (edit and submit, sign out; the social provider shown
// instead of the email), Order History (its empty text) and Loyalty Level (points and their
// table). A read answered 401 shows the lost-session text.
import { updateProfile } from '../../../contract/refs.js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { ProfileView } from '../../../contract/customers.js';
import { MESSAGES } from '../../../domain/messages.js';
import { profileSchema } from '../../../domain/validation/forms.js';
import { call, isApiError } from '../../lib/api.js';
import { formatCents } from '../../lib/format.js';
import { FormField } from './FormField.js';
import { accountKeys, useLoyalty, useOrderHistory, useProfile } from './queries.js';

const lost = (e: unknown) => isApiError(e, 'unauthenticated');

function LostSession() {
  return (
    <p className="checkout-error" role="alert">
      {MESSAGES.LOGGED_OUT}
    </p>
  );
}

export function Dashboard({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [tab, setTab] = useState('userInfo');
  const profile = useProfile();
  const history = useOrderHistory(tab === 'orderHistory');
  const loyalty = useLoyalty(tab === 'loyalty');

  return (
    <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(String(k))}>
      <TabList className="account-tabs" aria-label="Your account">
        <Tab className="account-tab" id="userInfo">
          User Info
        </Tab>
        <Tab className="account-tab" id="orderHistory">
          Order History
        </Tab>
        <Tab className="account-tab" id="loyalty">
          Loyalty Level
        </Tab>
      </TabList>
      <TabPanel id="userInfo" className="entry-modal__body">
        {lost(profile.error) ? (
          <LostSession />
        ) : profile.data ? (
          <UserInfo user={profile.data.user} onSignOut={onSignOut} />
        ) : (
          <p>Loading…</p>
        )}
      </TabPanel>
      <TabPanel id="orderHistory" className="entry-modal__body">
        {lost(history.error) ? (
          <LostSession />
        ) : !history.data ? (
          <p>Loading…</p>
        ) : history.data.orderHistory.length === 0 ? (
          <p>{MESSAGES.NO_ORDERS_YET}</p>
        ) : (
          <ul className="account-history" aria-label="Your orders">
            {history.data.orderHistory.map((o) => (
              <li key={o._id}>
                {o.merchant_info.logoUrl ? (
                  <img src={o.merchant_info.logoUrl} alt="" width={32} height={32} />
                ) : null}
                <span className="account-history__name">{o.merchant_info.name}</span>
                <span>{new Date(o.orderSaveDate).toLocaleDateString()}</span>
                <span>{formatCents(o.totalCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel id="loyalty" className="entry-modal__body">
        {lost(loyalty.error) ? (
          <LostSession />
        ) : !loyalty.data ? (
          <p>Loading…</p>
        ) : (
          <>
            <p>
              Points available: <strong>{loyalty.data.pointsAvailable}</strong>
            </p>
            <table className="account-points">
              <thead>
                <tr>
                  <th scope="col">Points</th>
                  <th scope="col">Detail</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {loyalty.data.history.map((h, i) => (
                  <tr key={i}>
                    <td>{h.points}</td>
                    <td>{h.detail}</td>
                    <td>{new Date(h.date).toLocaleDateString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </TabPanel>
    </Tabs>
  );
}

type Field = 'username' | 'name' | 'address' | 'zipcode' | 'phone';
/** The update's body fields and the form's fields they fill. */
const PROFILE_FIELDS: Record<string, Field> = {
  username: 'username',
  order_name: 'name',
  order_address: 'address',
  order_zipcode: 'zipcode',
  order_phone: 'phone',
};

function UserInfo({ user, onSignOut }: { user: ProfileView; onSignOut: () => Promise<void> }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    username: user.name,
    name: user.order_name,
    address: user.order_address,
    zipcode: user.order_zipcode,
    phone: user.order_phone,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setNote(null), [values]);

  async function submit() {
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const i of parsed.error.issues) found[i.path[0] as Field] ??= i.message;
      setErrors(found);
      return setNote(MESSAGES.PROFILE_FORM_INVALID);
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await call(updateProfile, {
        body: {
          username: parsed.data.username,
          order_name: parsed.data.name,
          order_address: parsed.data.address,
          order_zipcode: parsed.data.zipcode,
          order_phone: parsed.data.phone,
        },
      });
      client.setQueryData(accountKeys.profile, { success: true as const, user: r.user });
      await client.invalidateQueries({ queryKey: accountKeys.isAuth });
      setNote(r.message);
    } catch (e) {
      // Spec §8: a failed update says "Unable to update info!" (checklist M8.13); the server's
      // field messages, when it names fields, show on those fields.
      if (isApiError(e) && e.code !== 'unauthenticated') {
        const found: Partial<Record<Field, string>> = {};
        for (const i of e.issues) {
          const f = PROFILE_FIELDS[String(i.path[1])];
          if (f) found[f] ??= i.message;
        }
        setErrors(found);
      }
      setNote(
        isApiError(e, 'unauthenticated') ? MESSAGES.LOGGED_OUT : MESSAGES.PROFILE_UPDATE_FAILED,
      );
    } finally {
      setBusy(false);
    }
  }

  const field = (f: Field, label: string, autoComplete: string) => (
    <FormField
      label={label}
      value={values[f]}
      onChange={(v) => setValues({ ...values, [f]: v })}
      error={errors[f]}
      autoComplete={autoComplete}
    />
  );
  return (
    <form
      className="checkout-form account-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="account-email">
        {user.login_portal ? `Signed in with ${user.login_portal}` : user.email}
      </p>
      {field('username', 'User name', 'username')}
      {field('name', 'Name', 'name')}
      {field('address', 'Address', 'street-address')}
      {field('zipcode', 'Zip code', 'postal-code')}
      {field('phone', 'Phone', 'tel')}
      {note ? <p role="status">{note}</p> : null}
      <div className="entry-modal__actions">
        <Button className="button" onPress={() => void onSignOut()}>
          Logout
        </Button>
        <Button type="submit" className="button button--primary" isPending={busy}>
          Submit
        </Button>
      </div>
    </form>
  );
}
