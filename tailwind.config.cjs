/**
 * Theme tokens for the site, loaded by Tailwind 4 through `@config` in src/styles/global.css.
 * Colours were chosen for WCAG AA contrast: text on `brand-700` and `accent-700` passes 4.5:1 on white.
 * @type {import('tailwindcss').Config}
 */
module.exports = {
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#eef7f6',
          100: '#d5ecea',
          200: '#acd9d5',
          500: '#1f8a80',
          600: '#17736b',
          700: '#115d57',
          800: '#0d4844',
          900: '#0a3532',
        },
        accent: {
          50: '#fff6e8',
          100: '#ffe8c2',
          400: '#f5a524',
          500: '#e08a00',
          700: '#8f5400',
        },
        ink: {
          DEFAULT: '#1d2a2f',
          muted: '#4a5a60',
        },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'],
      },
      maxWidth: {
        page: '72rem',
      },
    },
  },
};
