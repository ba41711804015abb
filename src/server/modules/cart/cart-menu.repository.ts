// The menu rows a cart needs, in one statement: its items (with sizes, option groups and values,
// printers) built as the menu's ItemView by PostgreSQL, and the merchant's categories. The cart is
// repriced from the database on every read (docs/decisions/storefront-checkout.md), so this is the
// hottest read of the storefront: one round trip instead of one per table. An item the merchant
// deleted is still read for the lines that hold it, as sold out: the line keeps its name and shows
// as unavailable instead of vanishing (issue 12); a free add-on is only ever a live item.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { preparedIn } from '../../db/prepared.js';
import type { CategoryView, ItemView } from '../../../contract/menu.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The menu rows of a cart as two JSON values (an uncorrelated subquery each, so PostgreSQL computes
 * them once per statement): the merchant's items that `wanted` keeps (a condition on items `i`),
 * and all its categories. Shared by readCartMenu and the cart read that brings its menu along.
 */
export function cartMenuColumns(merchantUuid: SQLWrapper | string, wanted: SQL) {
  return {
    items: sql<ItemView[] | null>`(select json_agg(json_build_object(
      '_id', i.id, '_idCategory', i.category_id, 'item_order_id', i.sort_order,
      '_idPrinters', coalesce((select json_agg(p.printer_id order by p.printer_id) from item_printers p where p.item_id = i.id), '[]'),
      '_idPrinter', (select min(p.printer_id::text) from item_printers p where p.item_id = i.id),
      'name', i.name, 'name_2nd', i.name_2nd, 'discription', i.description,
      'priceCents', i.price_cents, 'raw_sign', i.raw_sign, 'spicy_sign', i.spicy_sign,
      'vegan_sign', i.vegan_sign,
      'imgUrl', case when i.image_id is null then null else '/images/' || i.image_id || '.webp' end,
      'soldout', i.soldout or i.deleted_at is not null, 'size_alias', i.size_alias, 'availableHour', i.available_hour,
      'size', coalesce((select json_agg(json_build_object(
          '_id', s.id, 'name', s.name, 'name_2nd', s.name_2nd, 'priceCents', s.price_cents)
          order by s.sort_order) from item_sizes s where s.item_id = i.id), '[]'),
      'options', coalesce((select json_agg(json_build_object(
          '_id', g.id, 'name', g.name, 'name_2nd', g.name_2nd,
          'numberToSelect', g.number_to_select, 'minNumberToSelect', g.min_number_to_select,
          'maxNumberToSelect', g.max_number_to_select, 'required', g.required,
          'itemOption_order_id', g.sort_order,
          'optionValues', coalesce((select json_agg(json_build_object(
              '_id', v.id, 'name', v.name, 'name_2nd', v.name_2nd, 'priceCents', v.price_cents)
              order by v.sort_order) from option_values v where v.option_group_id = g.id), '[]'))
          order by g.sort_order) from option_groups g where g.item_id = i.id), '[]'))
      order by c.sort_order, i.sort_order, i.name)
    from items i join categories c on c.id = i.category_id
    where i.merchant_id = ${merchantUuid} and ${wanted})`,
    categories: sql<CategoryView[] | null>`(select json_agg(json_build_object(
      '_id', c.id, 'name', c.name, 'name_2nd', c.name_2nd, 'description', c.description,
      'sortOrder', c.sort_order, 'availableHour', c.available_hour,
      'promoMethod', c.promo_method, 'unavailableForBranch', c.unavailable_for_branch)
      order by c.sort_order, c.name)
    from categories c where c.merchant_id = ${merchantUuid})`,
  };
}

/** Items with these ids or names (the cart's lines and its free add-on), and all categories. */
export async function readCartMenu(
  tx: Tx,
  merchantUuid: string,
  only: { ids: readonly string[]; names: readonly string[] },
): Promise<{ items: ItemView[]; categories: CategoryView[] }> {
  // Ids come from the request: only well-formed ones can name a row (the column is a uuid).
  const ids = [...new Set(only.ids.filter((id) => UUID.test(id)))];
  const names = [...new Set(only.names)];
  const [row] = await preparedIn(tx, 'cart_menu', cartMenuQuery).execute({
    merchantUuid,
    ids,
    names,
  });
  return { items: row?.items ?? [], categories: row?.categories ?? [] };
}

/** readCartMenu's statement, prepared (every cart add reads the chosen items with it). */
function cartMenuQuery(tx: Tx) {
  const { items, categories } = cartMenuColumns(
    sql.placeholder('merchantUuid'),
    sql`(i.id = any(${sql.placeholder('ids')}::uuid[])
      or (i.name = any(${sql.placeholder('names')}::text[]) and i.deleted_at is null))`,
  );
  return tx
    .select({ items, categories })
    .from(sql`(values (1)) as one(x)`)
    .prepare('cart_menu');
}
