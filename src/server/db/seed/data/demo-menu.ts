// The demo restaurant "Golden Lotus" (Sichuan and Cantonese), written by hand. Option groups and
// printers live here; the categories are split over demo-menu-*.ts to keep each file readable.
// Money is integer cents. Option bounds follow spec §5 (see SeedOptionGroup).
import type { SeedMenu, SeedOptionGroup, SeedPrinter } from './types.js';
import { appetizers, coldDishes, dimSum, soups } from './demo-menu-starters.js';
import { beefLamb, chicken, pork, seafood, sichuan, vegetablesTofu } from './demo-menu-mains.js';
import {
  chefsSpecials,
  desserts,
  drinks,
  friedRice,
  lunchSpecials,
  noodles,
} from './demo-menu-more.js';

/**
 * Item names that exist on the demo menu with no sizes and no required options, so the seeder
 * can offer them as free items in the order promotion.
 */
export const demoFreeItemNames = [
  'Spring Rolls (2)',
  'Egg Drop Soup',
  'Fortune Cookies',
  'Crab Rangoon (6)',
  'Scallion Pancake',
  'Mango Pudding',
  'Jasmine Tea (Pot)',
] as const;

const optionGroups: Record<string, SeedOptionGroup> = {
  // Exact 1, required.
  protein: {
    name: 'Choice of Protein',
    name2: '选择肉类',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Chicken', name2: '鸡肉', priceCents: 0 },
      { name: 'Pork', name2: '猪肉', priceCents: 0 },
      { name: 'Beef', name2: '牛肉', priceCents: 200 },
      { name: 'Shrimp', name2: '虾仁', priceCents: 300 },
      { name: 'Tofu', name2: '豆腐', priceCents: 0 },
      { name: 'Mixed Vegetables', name2: '什菜', priceCents: 0 },
    ],
  },
  // Exact 2, required.
  dippingSauces: {
    name: 'Choose 2 Dipping Sauces',
    name2: '选择两种蘸酱',
    numberToSelect: 2,
    required: true,
    values: [
      { name: 'Sweet & Sour Sauce', name2: '酸甜酱', priceCents: 0 },
      { name: 'Plum Sauce', name2: '梅子酱', priceCents: 0 },
      { name: 'Hot Mustard', name2: '芥末酱', priceCents: 0 },
      { name: 'Chili Oil', name2: '红油', priceCents: 0 },
      { name: 'Black Vinegar & Ginger', name2: '姜丝香醋', priceCents: 0 },
      { name: 'Hoisin Sauce', name2: '海鲜酱', priceCents: 0 },
    ],
  },
  // Exact 1 with seven values.
  spiceLevel: {
    name: 'Spice Level',
    name2: '辣度',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Not Spicy', name2: '不辣', priceCents: 0 },
      { name: 'Mild', name2: '微辣', priceCents: 0 },
      { name: 'Medium', name2: '中辣', priceCents: 0 },
      { name: 'Hot', name2: '大辣', priceCents: 0 },
      { name: 'Extra Hot', name2: '特辣', priceCents: 0 },
      { name: 'Sichuan Hot', name2: '川辣', priceCents: 0 },
      { name: 'Numbing Ma La', name2: '麻辣', priceCents: 50 },
    ],
  },
  riceChoice: {
    name: 'Choice of Rice',
    name2: '选择米饭',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Steamed Jasmine Rice', name2: '白饭', priceCents: 0 },
      { name: 'Brown Rice', name2: '糙米饭', priceCents: 100 },
      { name: 'Egg Fried Rice', name2: '蛋炒饭', priceCents: 200 },
    ],
  },
  lunchSide: {
    name: 'Lunch Side',
    name2: '午市配餐',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Egg Drop Soup', name2: '蛋花汤', priceCents: 0 },
      { name: 'Hot & Sour Soup', name2: '酸辣汤', priceCents: 0 },
      { name: 'Spring Roll', name2: '春卷', priceCents: 0 },
      { name: 'Crab Rangoon (2)', name2: '蟹角（2个）', priceCents: 100 },
    ],
  },
  dumplingStyle: {
    name: 'Cooking Style',
    name2: '做法',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Steamed', name2: '蒸', priceCents: 0 },
      { name: 'Pan-Fried', name2: '煎', priceCents: 0 },
      { name: 'Boiled', name2: '水煮', priceCents: 0 },
    ],
  },
  noodleChoice: {
    name: 'Choice of Noodles',
    name2: '选择面条',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Thin Egg Noodles', name2: '细蛋面', priceCents: 0 },
      { name: 'Rice Vermicelli', name2: '米粉', priceCents: 0 },
      { name: 'Flat Rice Noodles', name2: '河粉', priceCents: 0 },
      { name: 'Udon', name2: '乌冬', priceCents: 100 },
    ],
  },
  sweetness: {
    name: 'Sweetness',
    name2: '甜度',
    numberToSelect: 1,
    required: true,
    values: [
      { name: 'Regular Sugar', name2: '正常糖', priceCents: 0 },
      { name: 'Less Sugar', name2: '少糖', priceCents: 0 },
      { name: 'Half Sugar', name2: '半糖', priceCents: 0 },
      { name: 'No Sugar', name2: '无糖', priceCents: 0 },
    ],
  },
  // Min only: at least 1, no upper bound.
  congeeAddIns: {
    name: 'Congee Add-ins',
    name2: '粥品配料',
    minNumberToSelect: 1,
    values: [
      { name: 'Century Egg', name2: '皮蛋', priceCents: 150 },
      { name: 'Salted Pork', name2: '咸瘦肉', priceCents: 200 },
      { name: 'Fish Slices', name2: '鱼片', priceCents: 300 },
      { name: 'Shrimp', name2: '虾仁', priceCents: 300 },
      { name: 'Ginger & Scallion', name2: '姜葱', priceCents: 0 },
      { name: 'Crispy Peanuts', name2: '花生', priceCents: 50 },
      { name: 'Fried Dough Stick', name2: '油条', priceCents: 150 },
    ],
  },
  // Max only: up to 3, may choose none.
  extraToppings: {
    name: 'Extra Toppings',
    name2: '加料',
    maxNumberToSelect: 3,
    values: [
      { name: 'Fried Egg', name2: '煎蛋', priceCents: 150 },
      { name: 'Bok Choy', name2: '小白菜', priceCents: 200 },
      { name: 'Extra Chicken', name2: '加鸡肉', priceCents: 300 },
      { name: 'Extra Beef', name2: '加牛肉', priceCents: 350 },
      { name: 'Extra Shrimp', name2: '加虾仁', priceCents: 400 },
      { name: 'Chili Crisp', name2: '香辣脆', priceCents: 100 },
      { name: 'Fresh Cilantro', name2: '香菜', priceCents: 0 },
    ],
  },
  // Max only: up to 2.
  bobaToppings: {
    name: 'Boba Toppings',
    name2: '奶茶加料',
    maxNumberToSelect: 2,
    values: [
      { name: 'Tapioca Pearls', name2: '珍珠', priceCents: 75 },
      { name: 'Lychee Jelly', name2: '荔枝果冻', priceCents: 75 },
      { name: 'Grass Jelly', name2: '仙草', priceCents: 75 },
      { name: 'Red Bean', name2: '红豆', priceCents: 75 },
      { name: 'Egg Pudding', name2: '布丁', priceCents: 100 },
    ],
  },
  // Min and max: 1 to 2.
  vegetableChoice: {
    name: 'Choose Your Greens',
    name2: '选择蔬菜',
    minNumberToSelect: 1,
    maxNumberToSelect: 2,
    required: true,
    values: [
      { name: 'Baby Bok Choy', name2: '上海青', priceCents: 0 },
      { name: 'Chinese Broccoli', name2: '芥兰', priceCents: 0 },
      { name: 'Snow Pea Leaves', name2: '豆苗', priceCents: 200 },
      { name: 'Napa Cabbage', name2: '大白菜', priceCents: 0 },
      { name: 'Water Spinach', name2: '通菜', priceCents: 100 },
      { name: 'Yu Choy', name2: '油菜心', priceCents: 0 },
    ],
  },
  // Unlimited (numberToSelect 0), paid extras.
  addOns: {
    name: 'Add-ons',
    name2: '加点',
    numberToSelect: 0,
    values: [
      { name: 'Extra Steamed Rice', name2: '加白饭', priceCents: 200 },
      { name: 'Side of Chili Oil', name2: '红油', priceCents: 50 },
      { name: 'Fried Egg', name2: '煎蛋', priceCents: 150 },
      { name: 'Side of Steamed Broccoli', name2: '清蒸西兰花', priceCents: 300 },
      { name: 'Extra Sauce', name2: '加酱', priceCents: 75 },
      { name: 'Roasted Peanuts', name2: '花生米', priceCents: 100 },
    ],
  },
};

const printers: SeedPrinter[] = [
  {
    key: 'kitchen',
    name: 'Kitchen',
    description: 'Hot line printer for all food orders',
    printFormat: 'kitchen',
  },
  {
    key: 'bar',
    name: 'Bar',
    description: 'Drinks and desserts station',
    printFormat: 'kitchen',
  },
  {
    key: 'front',
    name: 'Front Counter',
    description: 'Customer receipts at the pickup counter',
    printFormat: 'receipt',
  },
];

export const demoMenu: SeedMenu = {
  optionGroups,
  printers,
  categories: [
    appetizers,
    dimSum,
    soups,
    coldDishes,
    sichuan,
    chicken,
    beefLamb,
    pork,
    seafood,
    vegetablesTofu,
    noodles,
    friedRice,
    chefsSpecials,
    lunchSpecials,
    desserts,
    drinks,
  ],
};
