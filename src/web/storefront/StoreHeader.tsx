import type { ReactNode } from 'react';
import { formatPhone, keepPhoneDigits } from '../../domain/format/fields.js';
import type { PublicBusinessInfo } from '../../contract/store.js';
import { formatAddress } from './display.js';
import { StoreHours } from './StoreHours.js';

/** The merchant's name, logo, address, phone and hours now at the top of the store page. */
export function StoreHeader({
  info,
  tableName,
  children,
  actions,
}: {
  info: PublicBusinessInfo;
  tableName?: string | undefined;
  /** Shown under the name and address (the store location and order method). */
  children?: ReactNode;
  /** At the end of the header's first row (the account button). */
  actions?: ReactNode;
}) {
  const address = formatAddress(info.address);
  return (
    <header className="store-header">
      <div className="store-header__inner">
        {info.logoUrl ? (
          <img
            className="store-header__logo"
            src={info.logoUrl}
            alt={`${info.name} logo`}
            width={72}
            height={72}
          />
        ) : (
          <div className="store-header__logo store-header__logo--blank" aria-hidden>
            {info.name.slice(0, 1)}
          </div>
        )}
        <div className="store-header__text">
          <h1 className="store-header__name">{info.name}</h1>
          {info.description ? <p className="store-header__desc">{info.description}</p> : null}
          <p className="store-header__meta">
            {address ? <span>{address}</span> : null}
            {info.phone ? (
              <a href={`tel:+1${keepPhoneDigits(info.phone)}`}>{formatPhone(info.phone)}</a>
            ) : null}
          </p>
          {/* A disabled store does not open at its hours: the page says it is unavailable. */}
          {info.unavailable ? null : <StoreHours hours={info.businessHour} zone={info.timeZone} />}
        </div>
        {tableName ? (
          <p className="store-header__table" aria-label={`Dine-in at table ${tableName}`}>
            Dine-in · Table <strong>{tableName}</strong>
          </p>
        ) : null}
        {actions}
      </div>
      {children}
    </header>
  );
}
