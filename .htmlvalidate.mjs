/**
 * html-validate over the built pages (`npm run test:html`, in `npm test` after the build;
 * docs/build.md). The recommended preset, with only these changes, each for its reason.
 */
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // Style only: `<meta />` and `<meta>` are both valid HTML. Astro writes the first, React the second.
    'void-style': 'off',
    // Style only: `required=""` and `required` are the same boolean attribute; React writes the first.
    'attribute-boolean-style': 'off',
    // Style only: `hidden=""` and `hidden` mean the same; React and Astro write the first.
    'attribute-empty-style': 'off',
    // Typography, not validity: the phone number is written as people type and search it,
    // "(417) 555-0142"; non-breaking characters would change what is copied, read aloud and matched.
    'tel-non-breaking': 'off',
    // React's useId makes ids such as "_r2R_0_-email": valid HTML5 ids (no space, unique), which the
    // strict mode refuses only for not starting with a letter.
    'valid-id': ['error', { relaxed: true }],
    // Headless UI's RadioGroup draws each choice as a card with its description (role="radio" on a
    // div, with the arrow keys, focus and aria-checked the library manages); native radios are used
    // everywhere else.
    'prefer-native-element': ['error', { exclude: ['radio'] }],
  },
};
