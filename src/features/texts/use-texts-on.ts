/**
 * Whether texts are on, for a form that shows the consent box only then (docs/product/texts.md#consent):
 * asked once `wanted` (the form is shown), kept once known to be on.
 */
import { useEffect, useState } from 'react';
import { loadTextsOn } from './texts-on';

/** False until the server says texts are on, after `wanted` turns true. */
export function useTextsOn(wanted: boolean): boolean {
  const [texts, setTexts] = useState(false);
  useEffect(() => {
    if (!wanted || texts) return;
    let current = true;
    void loadTextsOn().then((on) => {
      if (current) setTexts(on);
    });
    return () => {
      current = false;
    };
  }, [wanted, texts]);
  return texts;
}
