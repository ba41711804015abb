// Plain merchant, order and line data for the notification tests (the shapes the builders take).
import { randomUUID } from 'node:crypto';
import type {
  NotifyLine,
  NotifyMerchant,
  NotifyOrder,
} from '../../src/server/modules/notifications/notifications.service.js';

export const merchant = (over: Partial<NotifyMerchant> = {}): NotifyMerchant => ({
  id: randomUUID(),
  name: 'Golden Lotus',
  phone: '(212) 555-0188',
  timeZone: 'America/New_York',
  enableReceivingOrderPlacedSms: true,
  enableOrderTimeConfirmSms: true,
  emailReceivingNotification: ['orders@goldenlotus.example', 'chef@goldenlotus.example'],
  customerInfoCollect: {
    enabled: true,
    noticeMsg: 'Join our list',
    recevingEmail: ['list@goldenlotus.example'],
    subject: 'New VIP sign-up',
  },
  ...over,
});

export const order = (over: Partial<NotifyOrder> = {}): NotifyOrder => ({
  id: randomUUID(),
  orderNumber: 1042,
  dailyOrderNumber: 12,
  placedAt: new Date('2026-11-23T17:05:00Z'),
  orderMethod: 'delivery',
  paymentMethod: 'creditcard',
  dineinTableName: null,
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  phone: '3125550142',
  customerAddrStr: '350 5th Ave, New York, NY 10118',
  deliveryNote: 'Ring twice',
  carMakeModel: '',
  carColor: '',
  roomServiceRoom: '',
  scheduleDate: '',
  scheduleTimeStr: '',
  subtotalCents: 3000,
  taxCents: 210,
  tipsCents: 450,
  fixedTipsCents: 0,
  discountCents: 0,
  processingFeeCents: 90,
  serviceFeeCents: 0,
  deliveryFeeCents: 400,
  roomServiceDeliveryFeeCents: 0,
  totalCents: 4150,
  ...over,
});

export const lines: NotifyLine[] = [
  {
    name: 'Kung Pao Chicken',
    name2: '宫保鸡丁',
    sizeName: 'Large',
    quantity: 2,
    options: [{ name: 'Extra spicy' }],
    note: 'No peanuts',
    lineTotalCents: 2600,
  },
  { name: 'Spring Roll', quantity: 1, lineTotalCents: 400 },
  { name: 'Fortune Cookie', quantity: 1, lineTotalCents: 0, isFreePromo: true },
];
