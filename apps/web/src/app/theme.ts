import { createTheme, type Theme } from '@mui/material/styles';

/**
 * Spec 001 §9: main blue 32ADD0, error FF4B5C, breakpoints 320/480/768/1200/1920.
 * Both brand colours are too light for white text or for text on white (contrast under 4.5:1),
 * so text drawn on them is dark, and text drawn in them uses the darker shades below.
 */
export const colors = {
  primary: '#32ADD0',
  primaryDark: '#1B7A96',
  onPrimary: '#06303D',
  error: '#FF4B5C',
  errorDark: '#C41E30',
  onError: '#2B0609',
} as const;

const makeBaseTheme = () =>
  createTheme({
    palette: {
      primary: { main: colors.primary, dark: colors.primaryDark, contrastText: colors.onPrimary },
      error: { main: colors.error, dark: colors.errorDark, contrastText: colors.onError },
      background: { default: '#f6f8fa', paper: '#ffffff' },
      text: { primary: '#1f2933', secondary: '#52606d' },
    },
    breakpoints: {
      values: { xs: 320, sm: 480, md: 768, lg: 1200, xl: 1920 },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.6rem', fontWeight: 700 },
      h3: { fontSize: '1.3rem', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            variants: [
              { props: { variant: 'text', color: 'primary' }, style: { color: colors.primaryDark } },
              { props: { variant: 'outlined', color: 'primary' }, style: { color: colors.primaryDark } },
            ],
          },
        },
      },
      MuiLink: { styleOverrides: { root: { color: colors.primaryDark } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-error': { color: colors.errorDark } } } },
      // A focused field's label is drawn in the brand blue by default: 2.6:1 on white (axe color-contrast).
      MuiFormLabel: {
        styleOverrides: {
          root: {
            '&.Mui-focused': { color: colors.primaryDark },
            '&.Mui-error': { color: colors.errorDark },
          },
        },
      },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
    },
  });

/** Headings shrink on phones (390 px): a 2rem h1 wraps a short title onto three lines. */
function makeTheme(): Theme {
  const baseTheme = makeBaseTheme();
  return createTheme(baseTheme, {
    typography: {
      h1: { [baseTheme.breakpoints.down('md')]: { fontSize: '1.6rem' } },
      h2: { [baseTheme.breakpoints.down('md')]: { fontSize: '1.35rem' } },
    },
  });
}

let created: Theme | undefined;

/**
 * The app's theme, made on first use rather than when the module loads: building it (MUI's
 * createTheme, twice) is the largest piece of the first screen's module start-up, and run inside
 * React's first render, a transition, it no longer lengthens the one task that evaluates the app's
 * modules (docs/decisions/home-performance.md, Main-thread work).
 */
export function appTheme(): Theme {
  created ??= makeTheme();
  return created;
}
