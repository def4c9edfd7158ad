import { type Random, type WeightedTable, weights } from './random.ts';

export type Product = 'web' | 'checkout' | 'docs' | 'app';

// Entry pages first: a session most often starts on the first few paths of its product.
const PATHS: Record<Product, readonly string[]> = {
  web: (
    '/ /pricing /features /blog/how-we-cut-churn-by-30-percent /blog/session-replay-and-privacy /customers ' +
    '/about /contact /signup /login'
  ).split(' '),
  checkout: (
    '/ /products/starter-kit /products/pro-bundle /cart /checkout /checkout/payment /checkout/confirmation ' +
    '/account/orders'
  ).split(' '),
  docs: '/docs /docs/getting-started /docs/install /docs/api/sessions /docs/api/webhooks /docs/guides/identify /docs/faq'.split(
    ' ',
  ),
  app: '/dashboard /sessions /account/settings /account/billing /account/team /alerts /integrations'.split(' '),
};

// What a website's sessions are about, by the first label of its host (shop.acme.com is a shop).
const PRODUCTS_BY_LABEL: Record<string, WeightedTable<Product>> = {
  www: weights<Product>({ web: 85, checkout: 10, docs: 5 }),
  shop: weights<Product>({ checkout: 70, web: 30 }),
  store: weights<Product>({ checkout: 70, web: 30 }),
  docs: weights<Product>({ docs: 95, web: 5 }),
  help: weights<Product>({ docs: 95, web: 5 }),
  app: weights<Product>({ app: 90, checkout: 10 }),
  dashboard: weights<Product>({ app: 90, checkout: 10 }),
  blog: weights<Product>({ web: 100 }),
};

export function productsOfHost(host: string): WeightedTable<Product> {
  return PRODUCTS_BY_LABEL[host.split('.')[0] ?? ''] ?? weights<Product>({ web: 85, checkout: 10, docs: 5 });
}

export function entryPath(random: Random, product: Product): string {
  const paths = PATHS[product];
  // Squaring a uniform number favours the first entries: home and pricing pages are where people land.
  const index = Math.floor(random.next() ** 2 * paths.length);
  return paths[index] ?? '/';
}

export function anyPath(random: Random, product: Product): string {
  return random.pick(PATHS[product]);
}
