/**
 * A generated marketplace for benchmarks: sellers, products spread over the six categories (most
 * available, some sold, a few advertised) and one photo row each. Built with generate_series so
 * 100,000 products load in seconds on either engine.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.js';

export async function productCount(db: Db): Promise<number> {
  // Both drivers answer an object with `rows`.
  const result = (await db.execute(sql`select count(*)::int as n from products`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

export async function loadDataset(db: Db, products: number, sellers = 500): Promise<void> {
  await db.execute(sql`
    insert into users (name, email, role, verified)
    select 'Bench Seller ' || g, 'bench-seller-' || g || '@bench.test', 'seller', g % 3 = 0
    from generate_series(1, ${sellers}) g
    on conflict (email) do nothing`);

  await db.execute(sql`
    with sellers as (select array_agg(id order by email) ids from users where email like 'bench-seller-%'),
         cats as (select array_agg(id order by position) ids from categories)
    insert into products (seller_id, category_id, title, description, phone, location, condition,
      original_price_cents, selling_price_cents, currency, years_used, status, advertised, advertised_at, posted_at)
    select
      sellers.ids[1 + (g % array_length(sellers.ids, 1))],
      cats.ids[1 + (g % array_length(cats.ids, 1))],
      (array['Oak','Teak','Walnut','Pine','Mahogany','Bamboo','Rattan','Velvet','Leather','Steel'])[1 + g % 10] || ' ' ||
      (array['sofa','table','chair','bed','wardrobe','desk','bookshelf','cabinet','dresser','stool','bench','lamp'])[1 + (g / 10) % 12] || ' #' || g,
      'A well kept ' || (array['vintage','modern','classic','rustic','minimal'])[1 + g % 5] || ' piece, ' ||
      (array['barely used','some scratches','freshly polished','from a smoke-free home','needs a new cushion'])[1 + (g / 5) % 5] || '.',
      '+880 1711 000000',
      (array['Dhaka','Chittagong','Barisal','Khulna','Mymensingh','Rajshahi','Sylhet','Rangpur'])[1 + g % 8],
      -- Not g % 3: with six categories every product of one category would share one condition.
      (array['excellent','good','fair'])[1 + (g / 7) % 3],
      10000 + ((g::bigint * 7919) % 200000)::int,
      1000 + ((g::bigint * 104729) % 150000)::int,
      'USD',
      g % 20,
      case when g % 10 = 0 then 'sold' else 'available' end,
      g % 500 = 1,
      case when g % 500 = 1 then now() - (g || ' minutes')::interval end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${products}) g, sellers, cats`);

  await db.execute(sql`
    insert into product_photos (owner_id, product_id, position, display_key, thumb_key, width, height, thumb_width, thumb_height, middle_key, middle_width, middle_height, bytes)
    select p.seller_id, p.id, 0, u || '-display.webp', u || '-thumb.webp', 1200, 900, 400, 300, u || '-middle.webp', 800, 600, 50000
    from (select id, seller_id, gen_random_uuid()::text u from products where seller_id in
      (select id from users where email like 'bench-seller-%')) p
    where not exists (select 1 from product_photos ph where ph.product_id = p.id)`);
}

/**
 * Measures for the generated pieces that have none (also a dataset loaded before pieces were measured):
 * widths from 40 cm to 2.4 m, so a home's openings pass some pieces, tilted or not, and refuse others.
 */
export async function measureDataset(db: Db): Promise<void> {
  await db.execute(sql`
    update products set
      width_mm = 400 + abs(hashtext(id::text)) % 2000,
      depth_mm = 300 + abs(hashtext(id::text || 'd')) % 900,
      height_mm = 400 + abs(hashtext(id::text || 'h')) % 1600
    where width_mm is null and seller_id in (select id from users where email like 'bench-seller-%')`);
}

/** Fresh statistics and visibility map, as autovacuum would keep them in production. */
export async function vacuum(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
