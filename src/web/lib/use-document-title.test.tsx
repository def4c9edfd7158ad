// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from './use-document-title.ts';

function Page({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

afterEach(cleanup);

describe('useDocumentTitle', () => {
  it('names the tab after the page, and follows it as it changes', () => {
    const { rerender } = render(<Page title="Alerts" />);
    expect(document.title).toBe('Alerts – Session Analytics');
    rerender(<Page title="Session of Ana Lima" />);
    expect(document.title).toBe('Session of Ana Lima – Session Analytics');
    rerender(<Page title={null} />);
    expect(document.title).toBe('Session Analytics');
  });
});
