// A second, small merchant: "Sunrise Bakery & Café". Three categories, one option group and one
// size set, enough to show a short menu next to the big demo one. The second language is French.
import type { SeedMenu } from './types.js';

export const smallMenu: SeedMenu = {
  optionGroups: {
    milk: {
      name: 'Milk Choice',
      name2: 'Choix du lait',
      numberToSelect: 1,
      required: true,
      values: [
        { name: 'Whole Milk', name2: 'Lait entier', priceCents: 0 },
        { name: 'Skim Milk', name2: 'Lait écrémé', priceCents: 0 },
        { name: 'Oat Milk', name2: "Lait d'avoine", priceCents: 75 },
        { name: 'Almond Milk', name2: "Lait d'amande", priceCents: 75 },
      ],
    },
  },
  printers: [
    {
      key: 'kitchen',
      name: 'Kitchen',
      description: 'Bakery counter and espresso bar',
      printFormat: 'kitchen',
    },
    {
      key: 'front',
      name: 'Front Counter',
      description: 'Customer receipts',
      printFormat: 'receipt',
    },
  ],
  categories: [
    {
      key: 'pastries',
      name: 'Pastries',
      name2: 'Viennoiseries',
      description: 'Laminated by hand and baked every morning.',
      items: [
        {
          name: 'Butter Croissant',
          name2: 'Croissant au beurre',
          description: 'Shatteringly flaky, deeply buttery and golden.',
          priceCents: 375,
        },
        {
          name: 'Pain au Chocolat',
          name2: 'Pain au chocolat',
          description: 'Buttery layers wrapped around two batons of dark chocolate.',
          priceCents: 425,
        },
        {
          name: 'Almond Croissant',
          name2: 'Croissant aux amandes',
          description: 'Twice-baked croissant filled with almond frangipane and toasted almonds.',
          priceCents: 495,
        },
        {
          name: 'Blueberry Muffin',
          name2: 'Muffin aux myrtilles',
          description: 'Tender crumb bursting with blueberries under a crunchy sugar top.',
          priceCents: 395,
        },
      ],
    },
    {
      key: 'breads',
      name: 'Breads',
      name2: 'Pains',
      description: 'Long-fermented loaves with a crackling crust.',
      items: [
        {
          name: 'Country Sourdough Loaf',
          name2: 'Pain au levain',
          description: 'A tangy, open-crumbed loaf with a deep mahogany crust.',
          priceCents: 850,
          vegan: true,
        },
        {
          name: 'French Baguette',
          name2: 'Baguette tradition',
          description: 'Crisp outside, airy and creamy inside.',
          priceCents: 425,
          vegan: true,
        },
        {
          name: 'Seeded Rye',
          name2: 'Pain de seigle aux graines',
          description: 'Hearty rye studded with sunflower, flax and sesame seeds.',
          priceCents: 950,
          vegan: true,
          soldOut: true,
        },
      ],
    },
    {
      key: 'coffee-tea',
      name: 'Coffee & Tea',
      name2: 'Café et thé',
      description: 'Locally roasted espresso and loose-leaf teas.',
      items: [
        {
          name: 'Caffè Latte',
          name2: 'Café au lait',
          description: 'Double espresso with silky steamed milk.',
          priceCents: 450,
          sizes: [
            { name: 'Small', name2: 'Petit', priceCents: 450 },
            { name: 'Medium', name2: 'Moyen', priceCents: 525 },
            { name: 'Large', name2: 'Grand', priceCents: 595 },
          ],
          options: ['milk'],
        },
        {
          name: 'Cappuccino',
          name2: 'Cappuccino',
          description: 'Espresso under a thick cap of velvety foam.',
          priceCents: 425,
          options: ['milk'],
        },
        {
          name: 'Earl Grey Tea',
          name2: 'Thé Earl Grey',
          description: 'Black tea scented with bergamot, served in a pot.',
          priceCents: 350,
          vegan: true,
        },
      ],
    },
  ],
};
