// A merchant and every business-info setting of spec §3. Money in cents; rates as exact
// numerics (converted to parts per million at the repository edge); nested settings as jsonb
// validated by the zod schemas of src/domain/settings.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Address,
  CustomerInfoCollect,
  DeliveryFeeRange,
  OpenPeriod,
  OrderPromotion,
  WeeklyHours,
  WeeklyPrepTime,
} from '../../../domain/settings/schemas.js';
import type { TipPresets } from '../../../domain/pricing/tips.js';
import { bytea, createdAt, id, updatedAt } from './columns.js';

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    /** The spec's merchantId: the slug in URLs and the merchant's sign-in name. */
    merchantId: text('merchant_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    webSite: text('web_site').notNull().default(''),
    address: jsonb('address').$type<Address>().notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    timeZone: text('time_zone').notNull().default('America/New_York'),

    businessHours: jsonb('business_hours').$type<WeeklyHours>().notNull().default({}),
    deliveryAvailableTime: jsonb('delivery_available_time').$type<OpenPeriod>(),
    foodPreparingTime: jsonb('food_preparing_time').$type<WeeklyPrepTime>().notNull().default({}),

    taxRate: numeric('tax_rate', { precision: 7, scale: 6 }).notNull().default('0.07'),
    fixedTipRate: numeric('fixed_tip_rate', { precision: 7, scale: 6 }).notNull().default('0'),
    processingFeeRate: numeric('processing_fee_rate', { precision: 7, scale: 6 })
      .notNull()
      .default('0'),
    serviceFeeCents: integer('service_fee_cents').notNull().default(0),
    roomServiceDeliveryFeeCents: integer('room_service_delivery_fee_cents').notNull().default(0),
    deliveryFees: jsonb('delivery_fees').$type<DeliveryFeeRange[]>().notNull().default([]),
    minOrderForDeliveryCents: integer('min_order_for_delivery_cents').notNull().default(0),

    ecommProvider: text('ecomm_provider').notNull().default('sandbox'),
    /** Gateway credentials, AES-256-GCM encrypted with the configured key; never returned. */
    paymentCredentials: bytea('payment_credentials'),
    supportCreditcardPayment: boolean('support_creditcard_payment').notNull().default(true),
    supportCashPayment: boolean('support_cash_payment').notNull().default(true),
    allowAmericanExpressCard: boolean('allow_american_express_card').notNull().default(true),

    delivery: boolean('delivery').notNull().default(false),
    curbside: boolean('curbside').notNull().default(false),
    roomService: boolean('room_service').notNull().default(false),
    dinein: boolean('dinein').notNull().default(false),

    enableBranch: boolean('enable_branch').notNull().default(false),
    branchName: text('branch_name').notNull().default(''),
    branchAddress: jsonb('branch_address').$type<Address>(),
    branchLat: doublePrecision('branch_lat'),
    branchLng: doublePrecision('branch_lng'),

    enableOrderPromotion: boolean('enable_order_promotion').notNull().default(false),
    orderPromotions: jsonb('order_promotions').$type<OrderPromotion[]>().notNull().default([]),
    orderPromotionsAvailableTime: jsonb('order_promotions_available_time').$type<WeeklyHours>(),

    enableFoodTimeSchedule: boolean('enable_food_time_schedule').notNull().default(false),
    enableReceivingOrderPlacedSms: boolean('enable_receiving_order_placed_sms')
      .notNull()
      .default(false),
    enableOrderTimeConfirmSms: boolean('enable_order_time_confirm_sms').notNull().default(false),
    /** Where new-order emails go (spec emailReceivingNotification); never shown to diners. */
    emailReceivingNotification: jsonb('email_receiving_notification')
      .$type<string[]>()
      .notNull()
      .default([]),

    homePageNotice: text('home_page_notice').notNull().default(''),
    orderPreparingNotice: text('order_preparing_notice').notNull().default(''),
    dineinNotice: text('dinein_notice').notNull().default(''),

    showRawItemNote: boolean('show_raw_item_note').notNull().default(true),
    showSpicyItemNote: boolean('show_spicy_item_note').notNull().default(true),
    showVeganItemNote: boolean('show_vegan_item_note').notNull().default(true),
    showSecondLanguage: boolean('show_second_language').notNull().default(false),
    hideItemSpecialInstructionInput: boolean('hide_item_special_instruction_input')
      .notNull()
      .default(false),

    customerInfoCollect: jsonb('customer_info_collect').$type<CustomerInfoCollect>(),
    /** The store's tip presets and default per order method; null = the spec's (issue 28). */
    tipPresets: jsonb('tip_presets').$type<TipPresets>(),
    /**
     * Counts the Store pane's saves: read with the settings and sent back with a save, which
     * lands only while it is unchanged (two staff saving at once: the second is told, issue 28).
     */
    settingsVersion: integer('settings_version').notNull().default(1),
    /** Set when the seed created this merchant, so a re-seed never overwrites a merchant's edits. */
    seededAt: text('seeded_version'),
    /**
     * Set by the platform (`npm run merchant -- disable`): the store takes no orders and its
     * dashboard no sign-ins; orders already placed still settle (docs/decisions/operations.md).
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_merchant_id_key').on(t.merchantId),
    check('merchants_tax_rate_range', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 1`),
    check('merchants_fixed_tip_rate_range', sql`${t.fixedTipRate} >= 0 and ${t.fixedTipRate} <= 1`),
    check(
      'merchants_processing_fee_rate_range',
      sql`${t.processingFeeRate} >= 0 and ${t.processingFeeRate} <= 1`,
    ),
    check(
      'merchants_fees_not_negative',
      sql`${t.serviceFeeCents} >= 0 and ${t.roomServiceDeliveryFeeCents} >= 0 and ${t.minOrderForDeliveryCents} >= 0`,
    ),
    check(
      'merchants_ecomm_provider_known',
      sql`${t.ecommProvider} in ('sandbox','cardPointe','tsys','authorizeNet','elavon','tsys2')`,
    ),
  ],
);

/** Printers of a merchant: what format they print and how they are reached. */
export const printers = pgTable(
  'printers',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    seedKey: text('seed_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    printFormat: text('print_format').notNull().default('kitchen'),
    /** none: browser print only; network: raw TCP (ESC/POS) to host:port; cloud: the printer polls us. */
    connection: text('connection').notNull().default('none'),
    networkHost: text('network_host'),
    networkPort: integer('network_port'),
    /** Hash of the token a cloud-polling printer presents. */
    cloudTokenHash: text('cloud_token_hash'),
    /** The roll: 58 mm (384 dots a row) or 80 mm (576). */
    paperWidth: text('paper_width').notNull().default('80mm'),
    /** What the printer last said: online, paper_low, paper_out, cover_open, error, unreachable. */
    lastStatus: text('last_status'),
    /** When the printer last polled us (cloud) or answered (network). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('printers_seed_key').on(t.merchantId, t.seedKey),
    check('printers_format_known', sql`${t.printFormat} in ('kitchen','receipt','label')`),
    check('printers_connection_known', sql`${t.connection} in ('none','network','cloud')`),
    check('printers_paper_width_known', sql`${t.paperWidth} in ('58mm','80mm')`),
  ],
);

/** Dine-in tables; their QR code links to /store/{merchantId}/dinein/{name}. */
export const dineinTables = pgTable(
  'dinein_tables',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dinein_tables_name_key').on(t.merchantId, t.name),
    check('dinein_tables_name_no_hash', sql`position('#' in ${t.name}) = 0`),
  ],
);

/** Promo codes, stored upper-case; percentage off as an exact fraction 0..1. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    percentageOff: numeric('percentage_off', { precision: 7, scale: 6 }).notNull(),
    /** Inclusive dates in the merchant's time zone; null = no bound. */
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.merchantId, t.code),
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_percentage_range', sql`${t.percentageOff} > 0 and ${t.percentageOff} <= 1`),
  ],
);

/** Uploaded and seeded images, kept in the database so every instance can serve them. */
export const images = pgTable('images', {
  id: id(),
  merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
