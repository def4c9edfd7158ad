/**
 * The small shop the demo's replays are recorded on: one page that moves between its views with
 * history.pushState (home, a product, the basket, checkout), a payment request that fails, and an error
 * thrown when payment is refused.
 */
export function demoShopPage(trackerSrc: string, publicKey: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Demo Shop</title>
<script async src="${trackerSrc}" data-key="${publicKey}"></script>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1d2433; background: #f6f7fb; }
  header { display: flex; gap: 16px; align-items: center; padding: 12px 32px; background: #243b6b; color: #fff; }
  header a { color: #fff; }
  header .grow { flex: 1; }
  main { max-width: 900px; margin: 24px auto; padding: 0 16px; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 16px; }
  .card { background: #fff; border-radius: 8px; padding: 16px; box-shadow: 0 1px 3px #0002; }
  .card .art { height: 110px; border-radius: 6px; margin-bottom: 12px; }
  button { font: inherit; padding: 8px 14px; border: 0; border-radius: 6px; background: #3d6bd6; color: #fff; cursor: pointer; }
  button.secondary { background: #dfe5f2; color: #1d2433; }
  label { display: block; margin: 12px 0 4px; }
  input { font: inherit; padding: 8px; width: 100%; box-sizing: border-box; border: 1px solid #aab; border-radius: 6px; }
  .notice { margin-top: 16px; padding: 12px; border-radius: 6px; background: #fde8e8; color: #8a1c1c; }
  .spacer { height: 900px; }
  footer { padding: 24px 32px; background: #e4e8f2; }
</style>
</head>
<body>
<header>
  <a href="/" data-view="/"><strong>Demo Shop</strong></a>
  <span class="grow"></span>
  <input id="search" type="search" placeholder="Search products" aria-label="Search products" style="width: 220px">
  <a href="/cart" data-view="/cart" id="basket-link">Basket (<span id="count">0</span>)</a>
</header>
<main id="view"></main>
<footer>
  <label for="newsletter">Newsletter</label>
  <input id="newsletter" type="email" placeholder="you@example.com" style="width: 260px">
  <button id="subscribe" type="button" class="secondary">Subscribe</button>
</footer>
<script>
  const products = [
    { slug: 'starter-kit', name: 'Starter kit', price: 49, colour: '#f4b860' },
    { slug: 'pro-bundle', name: 'Pro bundle', price: 129, colour: '#7cc4a4' },
    { slug: 'gift-card', name: 'Gift card', price: 25, colour: '#c48bd9' },
  ];
  let basket = 0;
  const view = document.getElementById('view');
  const art = (product) => '<div class="art" style="background:' + product.colour + '"></div>';
  const views = {
    '/': () => '<h1>Demo Shop</h1><p>Everything you need to get going.</p><div class="grid">' +
      products.map((p) => '<div class="card">' + art(p) + '<h2>' + p.name + '</h2><p>$' + p.price + '</p>' +
        '<a href="/products/' + p.slug + '" data-view="/products/' + p.slug + '">View ' + p.name + '</a></div>').join('') +
      '</div><div class="spacer"></div><p>Free shipping on orders over $100.</p>',
    '/cart': () => '<h1>Your basket</h1><p>' + basket + ' item(s)</p>' +
      '<button id="checkout" type="button">Go to checkout</button>',
    '/checkout': () => '<h1>Checkout</h1><form id="pay-form">' +
      '<label for="name">Name on card</label><input id="name" autocomplete="off">' +
      '<label for="card">Card number</label><input id="card" autocomplete="off">' +
      '<p><button id="pay" type="button">Pay now</button></p></form><div id="message"></div>',
  };
  function productView(slug) {
    const product = products.find((p) => p.slug === slug) || products[0];
    return '<div class="card">' + art(product) + '<h1>' + product.name + '</h1><p>$' + product.price + '</p>' +
      '<button id="add" type="button">Add to basket</button> <button id="share" type="button" class="secondary">Share</button></div>';
  }
  function render(path) {
    view.innerHTML = path.startsWith('/products/') ? productView(path.slice(10)) : (views[path] || views['/'])();
    window.scrollTo(0, 0);
  }
  function go(path) {
    history.pushState({}, '', path);
    render(path);
  }
  document.addEventListener('click', (event) => {
    const link = event.target.closest('[data-view]');
    if (link) { event.preventDefault(); go(link.getAttribute('data-view')); return; }
    const id = event.target.id;
    if (id === 'add') { basket += 1; document.getElementById('count').textContent = String(basket); }
    if (id === 'checkout') go('/checkout');
    if (id === 'subscribe') window.sa && window.sa.track('newsletter_signup', { placement: 'footer' });
    if (id === 'pay') {
      fetch('/api/payments', { method: 'POST', body: '{}' }).then((response) => {
        document.getElementById('message').innerHTML = '<div class="notice">Payment declined. Please try another card.</div>';
        if (!response.ok) throw new Error('payment declined: card_expired');
      });
    }
  });
  window.addEventListener('popstate', () => render(location.pathname));
  render(location.pathname);
</script>
</body>
</html>`;
}
