import type { Page } from 'playwright-core';

/** A scripted visit to the demo shop: where it lands and what the visitor does there. */
export interface DemoVisit {
  name: string;
  entryPath: string;
  act: (page: Page) => Promise<void>;
}

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

async function scrollBy(page: Page, pixels: number, steps: number): Promise<void> {
  for (let step = 0; step < steps; step++) {
    await page.mouse.wheel(0, pixels / steps);
    await pause(page, 120);
  }
}

export const DEMO_VISITS: readonly DemoVisit[] = [
  {
    name: 'checkout-payment-declined',
    entryPath: '/',
    async act(page) {
      await page.mouse.move(300, 200, { steps: 8 });
      await scrollBy(page, 700, 6);
      await pause(page, 600);
      await scrollBy(page, -700, 6);
      await page.getByRole('link', { name: 'View Starter kit' }).click();
      await pause(page, 1200);
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await pause(page, 800);
      await page.getByRole('link', { name: /Basket/ }).click();
      await pause(page, 1000);
      await page.getByRole('button', { name: 'Go to checkout' }).click();
      await pause(page, 700);
      await page.getByLabel('Name on card').pressSequentially('Ada Lovelace', { delay: 70 });
      await page.getByLabel('Card number').pressSequentially('4000000000000069', { delay: 50 });
      await pause(page, 600);
      await page.getByRole('button', { name: 'Pay now' }).click();
      await pause(page, 1500);
      // Four quick clicks on a button that keeps failing: a rage click.
      for (let click = 0; click < 4; click++) await page.getByRole('button', { name: 'Pay now' }).click({ delay: 20 });
      await pause(page, 1500);
    },
  },
  {
    name: 'search-and-newsletter',
    entryPath: '/products/pro-bundle',
    async act(page) {
      await page.mouse.move(500, 300, { steps: 10 });
      await pause(page, 800);
      await page.getByRole('searchbox', { name: 'Search products' }).click();
      await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('gift card', { delay: 90 });
      await pause(page, 700);
      await page.getByRole('link', { name: 'Demo Shop' }).click();
      await pause(page, 800);
      await scrollBy(page, 1200, 10);
      await page.getByLabel('Newsletter').click();
      await page.getByLabel('Newsletter').pressSequentially('reader@example.com', { delay: 60 });
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await pause(page, 1500);
    },
  },
  {
    name: 'product-share',
    entryPath: '/',
    async act(page) {
      await page.mouse.move(700, 250, { steps: 10 });
      await pause(page, 900);
      await page.getByRole('link', { name: 'View Pro bundle' }).click();
      await pause(page, 1200);
      await page.getByRole('button', { name: 'Add to basket' }).click();
      await pause(page, 600);
      await page.getByRole('button', { name: 'Share' }).click();
      await pause(page, 400);
      await page.getByRole('button', { name: 'Share' }).click();
      await pause(page, 1500);
    },
  },
];
