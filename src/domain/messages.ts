// Every user-facing text the spec quotes, in one place so the server's answers and the browser's
// banners are the same string. Quoted EXACTLY as the spec writes them, typos included
// ("succesfully", the trailing ";" of LOGGED_OUT): tests and merchants compare them literally.
// Texts the spec does not give (marked "ours") are kept short and in the same voice.

export const MESSAGES = {
  // §5 field formats
  REQUIRED: 'Required',
  INVALID: 'Invalid',
  INVALID_PROFILE_ZIP: 'Invalid!',
  AMEX_NOT_ACCEPTED: 'This merchant is not accepting American Express',
  PASSWORD_RULE:
    'Password needs to be minimum eight characters, at least one uppercase letter, one lowercase letter and one number.',
  USERNAME_TOO_SHORT: 'Username should be more than 5 characters!',

  // §5 sign-in, sign-up, profile
  SIGN_IN_REQUIRED: 'Please enter username and password to login',
  USERNAME_LENGTH: 'Username must be between 5~50 characters',
  EMAIL_INVALID: 'Please enter a valid email',
  PASSWORD_MISMATCH: "Password doesn't match!",
  PROFILE_FORM_INVALID: 'Please correct the form before submit!',

  // §5 item and cart
  SIZE_REQUIRED: 'Item size is required.',
  OPTION_COUNT: 'Exact number of option needs to be chosen.',
  ITEM_UNAVAILABLE: 'This item unavailable now.',

  // §5 place-order checks, in the spec's order
  STORE_CLOSED: 'Store closed now!',
  /** Ours: the store page and send order of a store the platform disabled (issue 31). */
  STORE_UNAVAILABLE: 'This store is unavailable and is not taking orders.',
  REMOVE_UNAVAILABLE: 'Please remove unavailable item(s) to continue.',
  CAR_INFO_REQUIRED: 'Please enter car information to continue.',
  SCHEDULE_TIME_REQUIRED: 'Please Select a Scheduled Time for Scheduled Order',
  DELIVERY_ADDRESS_REQUIRED: 'Please provide your delivery address.',
  PHONE_AND_NAME_REQUIRED: 'Please enter your valid phone number and your name to continue.',
  ROOM_AND_LAST_NAME_REQUIRED: 'Please enter your Room Number and your Last Name to continue.',
  DELIVERY_MINIMUM: 'Sorry, Your order amount does not meet the minimum requirement for delivery.',
  INVALID_CARD: 'Invalid credit card information provided.',
  ORDER_NOT_PLACED: 'Your order has NOT been placed yet!',
  OUT_OF_DELIVERY_RANGE: "You are out of delivery range, it can't be delivered.",

  // §5 phone verification
  PHONE_INVALID: 'Please enter a valid Phone number',
  CODE_INVALID: 'Invalid code',
  VERIFICATION_FAILED: 'Verification Failed',

  // §5 merchant side
  ADJUSTED_TIPS_EMPTY: 'Adjusted Tips can not be empty',
  ADJUSTED_AMOUNT_NEGATIVE: 'Adjusted amount can not be negative', // ours: spec gives no text
  TAX_RATE: 'Store tax rate cannot be empty, and must be between 0 and 1!',
  PROMO_FIELDS_REQUIRED: 'Name, Type, X, Y fields need to be filled',
  INTERNAL_ERROR: 'Internal error',
  CUSTOMER_INFO_REQUIRED: 'This field needs to be filled',
  CUSTOMER_INFO_EMAIL: 'Invalid Email format',
  CUSTOMER_INFO_PHONE: 'Invalid phone format',

  // §8 customer-facing
  INVALID_PROMO_CODE: 'Invalid promotion code.',
  SOMETHING_WENT_WRONG: 'Something went wrong, please try again later',
  REGISTERED: 'You have succesfully registered! Will automatically log you in soon..',
  LOGGED_OUT: 'You have been logged out, please refresh this page;',
  CART_UNREADABLE:
    'Oops, it looks like we can not place your order. Please enable your cookie in your browser, or call restaurant directly to place the order',
  NO_SCHEDULE_TIME: 'No available time to schedule, please choose another date!',
  NO_DATA_FOUND: 'No Data Found',
  STORE_IS_CLOSED: 'Store is closed now',
  PROFILE_UPDATED: 'Updated succesfully!',
  PROFILE_UPDATE_FAILED: 'Unable to update info!',
  EMPTY_CART: 'Your cart is empty. Add items to get started.',
  NO_ORDERS_YET: "You don't have any order yet!",
  CANCEL_CONFIRM: 'Are you sure? Changes will not be saved.',

  // §8 merchant-facing
  SMS_EMPTY_MINUTES: 'Fail to send SMS [Empty minutes selected]',
  SMS_FAILED: 'Fail to send Text Message / Please try later',
  ADJUST_TIPS_FAILED: 'Fail to adjust tips amount',
  UPDATE_ORDER_FAILED: 'Fail to update order.',
  UPDATE_TRANSACTION_FAILED: 'Fail to update transaction.',
  VOID_FAILED: 'Fail to void order',
  INVALID_CREDENTIALS: 'Invalid credentials provided',
  SIGNOUT_FAILED: 'Fail to signout',
  UPDATED: 'Updated',
  ADDED: 'Added',
  CHECK_NETWORK: 'Please check the network or database setting',
  MISSING_REQUIRED_FIELD: 'Missing required field',

  // §3 / §4 fixed labels that carry meaning in data
  FREE_ADDON_NOTE: 'Free addon item',
  ROOM_CHARGE: 'Room Charge',
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Message = (typeof MESSAGES)[MessageKey];

/** §5 variant of the delivery-minimum message naming the amount, e.g. "$30.00". */
export function deliveryMinimumWithAmount(minimumText: string): string {
  return `Sorry, your order amount does not meet the minimum requirement ${minimumText} for delivery.`;
}

/** §8 save-failure alerts: "Fail to save business Hours" plus the network advice. */
export const SAVE_FAILURES = {
  businessInfo: 'Fail to save businessInfo_update',
  businessHours: 'Fail to save business Hours',
  foodPreparingTime: 'Fail to save Food preparing time',
  categoryHours: 'Fail to save category Hours',
  categoryPromo: 'Fail to save category Promo Method',
  notice: 'Fail to save Notice',
  notification: 'Fail to save notification setting',
  storeSetting: 'Fail to save store setting',
  orderPromotion: 'Fail to save OrderPromotion update',
  saveItem: 'Fail to save item',
  addItem: 'Fail to add item',
  removeItem: 'Fail to remove item',
  availability: 'Fail to update availability',
  itemAvailability: 'Fail to save item availability',
  printers: 'Fail to update printers',
  itemPrinters: 'Fail to save item printers',
  sizeOptionValue: 'Fail to add/remove item size, option and option value',
} as const;
export type SaveFailure = keyof typeof SAVE_FAILURES;

/** A failed save's alert: the spec's title and, on its own line, the network advice. */
export function saveFailureAlert(which: SaveFailure): { title: string; detail: string } {
  return { title: SAVE_FAILURES[which], detail: MESSAGES.CHECK_NETWORK };
}

/**
 * §8 "Internal error [..]" with the advice to contact support (checklist M8.10): what fills
 * "[..]" is a reference code naming the failure in the server's log, never the error's details.
 */
export function internalErrorText(reference?: string): string {
  const advice = 'Please try again; if it keeps happening, contact support';
  return reference
    ? `${MESSAGES.INTERNAL_ERROR} [${reference}]. ${advice} and quote this code.`
    : `${MESSAGES.INTERNAL_ERROR}. ${advice}.`;
}
