// The two seeded merchants' business settings. "demo" is open around the clock on every day
// except Wednesday, which has a short afternoon break (so a newcomer can almost always order
// and the split-day rule is exercised); "sunrise" is a small café closed on Mondays.
import type { WeeklyHours, WeeklyPrepTime } from '../../../domain/settings/schemas.js';
import type { merchants } from '../schema/index.js';

type MerchantSeed = Omit<typeof merchants.$inferInsert, 'passwordHash'> & {
  password: string;
  tables: string[];
  promoCodes: { code: string; percentageOff: string; validFrom?: string; validUntil?: string }[];
};

const allDay = [{ open: 0, close: 1440 }];

const demoHours: WeeklyHours = {
  sunday: allDay,
  monday: allDay,
  tuesday: allDay,
  wednesday: [
    { open: 0, close: 900 },
    { open: 930, close: 1440 },
  ],
  thursday: allDay,
  friday: allDay,
  saturday: allDay,
};

const normal = {
  status: 'normal' as const,
  estimate: 20,
  fromMin_pickup: 15,
  toMin_pickup: 25,
  fromMin_delivery: 35,
  toMin_delivery: 50,
};
const demoPrep: WeeklyPrepTime = {
  sunday: normal,
  monday: normal,
  tuesday: normal,
  wednesday: normal,
  thursday: normal,
  friday: {
    ...normal,
    status: 'busy',
    estimate: 30,
    fromMin_pickup: 25,
    toMin_pickup: 35,
    fromMin_delivery: 45,
    toMin_delivery: 60,
  },
  saturday: {
    ...normal,
    status: 'veryBusy',
    estimate: 40,
    fromMin_pickup: 35,
    toMin_pickup: 45,
    fromMin_delivery: 55,
    toMin_delivery: 75,
  },
};

export const demoMerchant: MerchantSeed = {
  merchantId: 'demo',
  password: 'Demo1234',
  name: 'Golden Lotus',
  description: 'Sichuan and Cantonese cooking in the heart of Chinatown since 1998.',
  phone: '2125550188',
  email: 'hello@goldenlotus.example',
  webSite: 'https://goldenlotus.example',
  address: { street: '52 Mott Street', city: 'New York', state: 'NY', postalCode: '10013' },
  lat: 40.7152,
  lng: -73.9982,
  timeZone: 'America/New_York',
  businessHours: demoHours,
  deliveryAvailableTime: { open: 0, close: 1440 },
  foodPreparingTime: demoPrep,
  taxRate: '0.08875',
  fixedTipRate: '0',
  processingFeeRate: '0.02',
  serviceFeeCents: 50,
  roomServiceDeliveryFeeCents: 300,
  deliveryFees: [
    { deliveryRangeInMile: 2, deliveryFeeCents: 299 },
    { deliveryRangeInMile: 5, deliveryFeeCents: 499 },
    { deliveryRangeInMile: 8, deliveryFeeCents: 799 },
  ],
  minOrderForDeliveryCents: 2000,
  ecommProvider: 'sandbox',
  supportCreditcardPayment: true,
  supportCashPayment: true,
  allowAmericanExpressCard: true,
  delivery: true,
  curbside: true,
  roomService: true,
  dinein: true,
  enableBranch: true,
  branchName: 'Golden Lotus Flushing',
  branchAddress: {
    street: '41-28 Main Street',
    city: 'Flushing',
    state: 'NY',
    postalCode: '11355',
  },
  branchLat: 40.7571,
  branchLng: -73.8297,
  enableOrderPromotion: true,
  orderPromotions: [
    { amountCents: 4000, freeItemNames: ['Spring Rolls (2)', 'Egg Drop Soup', 'Fortune Cookies'] },
    { amountCents: 8000, freeItemNames: ['Crab Rangoon (6)', 'Scallion Pancake', 'Mango Pudding'] },
  ],
  orderPromotionsAvailableTime: null,
  enableFoodTimeSchedule: true,
  enableReceivingOrderPlacedSms: true,
  enableOrderTimeConfirmSms: true,
  emailReceivingNotification: ['orders@goldenlotus.example'],
  homePageNotice:
    'Welcome to Golden Lotus!<br>Free add-on item on orders over $40.<br>Ask us about catering.',
  orderPreparingNotice: 'Thank you! Your food is being prepared with care.',
  dineinNotice: 'Welcome! Order from your table and we will bring it right over.',
  showRawItemNote: true,
  showSpicyItemNote: true,
  showVeganItemNote: true,
  showSecondLanguage: true,
  hideItemSpecialInstructionInput: false,
  customerInfoCollect: {
    enabled: true,
    noticeMsg:
      'Join the Golden Lotus family for birthday treats and early news of seasonal dishes.',
    recevingEmail: ['marketing@goldenlotus.example'],
    subject: 'New Golden Lotus member',
  },
  tables: ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10', 'Patio 1', 'Patio 2'],
  promoCodes: [
    { code: 'WELCOME10', percentageOff: '0.10' },
    { code: 'LOTUS15', percentageOff: '0.15', validFrom: '2024-01-01', validUntil: '2099-12-31' },
    { code: 'EXPIRED5', percentageOff: '0.05', validUntil: '2020-12-31' },
    { code: 'FUTURE20', percentageOff: '0.20', validFrom: '2099-01-01' },
  ],
};

const cafeDay = [{ open: 420, close: 1140 }];

export const sunriseMerchant: MerchantSeed = {
  merchantId: 'sunrise',
  password: 'Sunrise123',
  name: 'Sunrise Bakery & Café',
  description: 'Fresh bread, pastries and coffee, baked every morning.',
  phone: '3125550142',
  email: 'hello@sunrise.example',
  webSite: '',
  address: { street: '1620 W Division Street', city: 'Chicago', state: 'IL', postalCode: '60622' },
  lat: 41.9035,
  lng: -87.6691,
  timeZone: 'America/Chicago',
  // Closed on Mondays: the day has no entry.
  businessHours: {
    sunday: cafeDay,
    tuesday: cafeDay,
    wednesday: cafeDay,
    thursday: cafeDay,
    friday: cafeDay,
    saturday: cafeDay,
  },
  deliveryAvailableTime: null,
  foodPreparingTime: {},
  taxRate: '0.1025',
  ecommProvider: 'sandbox',
  supportCreditcardPayment: true,
  supportCashPayment: true,
  allowAmericanExpressCard: false,
  delivery: false,
  curbside: false,
  roomService: false,
  dinein: true,
  homePageNotice: '',
  showSecondLanguage: false,
  tables: ['1', '2', '3'],
  promoCodes: [{ code: 'CROISSANT', percentageOff: '0.10' }],
};
