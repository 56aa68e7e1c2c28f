import { createTheme, type Theme } from '@mui/material/styles';

/**
 * Spec 001 §9: main blue 32ADD0, error FF4B5C, breakpoints 320/480/768/1200/1920.
 * Both brand colours are too light for white text or for text on white (contrast under 4.5:1,
 * WCAG AA), so they stay the hue of fills, borders and icons, text drawn on them is dark, and text
 * drawn in them uses the darker shade of the same hue. Every palette colour follows that rule:
 * `main` is the hue, `dark` the shade for text in it (at least 4.5:1 on paper and on the page
 * background), `contrastText` the text on a `main` fill. The overrides below make MUI's text
 * buttons, icon buttons, outlined chips, selected toggle buttons, labels and coloured Typography
 * draw text in `dark`.
 * theme.test.tsx checks every such pair.
 */
export const colors = {
  primary: '#32ADD0',
  primaryDark: '#1B7A96',
  onPrimary: '#06303D',
  error: '#FF4B5C',
  errorDark: '#C41E30',
  onError: '#2B0609',
  // The spec names no warning or info colour: MUI's hues, with text shades of the same hue
  // (MUI's own warning.dark, #e65100, reads 3.8:1 on white).
  warning: '#ED6C02',
  warningDark: '#A54B01',
  info: '#0288D1',
  infoDark: '#01579B',
  /** Disabled fields' text and helper text: lighter than text.secondary, still 4.5:1 (MUI's is 2.7:1). */
  textDisabled: '#687280',
} as const;

/** The palette colours components take as `color`; each one's text shade is its `dark`. */
export const paletteColors = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

const makeBaseTheme = () =>
  createTheme({
    palette: {
      primary: { main: colors.primary, dark: colors.primaryDark, contrastText: colors.onPrimary },
      error: { main: colors.error, dark: colors.errorDark, contrastText: colors.onError },
      warning: { main: colors.warning, dark: colors.warningDark },
      info: { main: colors.info, dark: colors.infoDark },
      background: { default: '#f6f8fa', paper: '#ffffff' },
      text: { primary: '#1f2933', secondary: '#52606d', disabled: colors.textDisabled },
      // Text on a fill (a filled alert or chip) whose contrastText is not given: white only where
      // it reads 4.5:1 (MUI's default threshold, 3, puts white on the orange warning).
      contrastThreshold: 4.5,
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
          // Text and outlined buttons draw their label in the colour's text shade; borders and
          // hover tints keep the hue. A contained button turns `dark` on hover: white text there.
          root: ({ theme }) => ({
            variants: paletteColors.map((color) => ({
              props: { color },
              style: {
                '--variant-textColor': theme.palette[color].dark,
                '--variant-outlinedColor': theme.palette[color].dark,
                '@media (hover: hover)': { '&:hover': { '--variant-containedColor': '#fff' } },
              },
            })),
          }),
        },
      },
      MuiIconButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: paletteColors.map((color) => ({
              props: { color },
              style: { color: theme.palette[color].dark },
            })),
          }),
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: paletteColors.map((color) => ({
              props: { color, variant: 'outlined' },
              style: { color: theme.palette[color].dark },
            })),
          }),
        },
      },
      // A selected toggle button's label (the bulk import's 'Archivo Excel' / 'Lista de correos').
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: paletteColors.map((color) => ({
              props: { color },
              style: { '&.Mui-selected': { color: theme.palette[color].dark } },
            })),
          }),
        },
      },
      // <Typography color="error"> and the like (also Link, a Typography).
      MuiTypography: {
        styleOverrides: {
          root: ({ theme }) => ({
            variants: paletteColors.map((color) => ({
              props: { color },
              style: { color: theme.palette[color].dark },
            })),
          }),
        },
      },
      MuiLink: { styleOverrides: { root: { color: colors.primaryDark } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-error': { color: colors.errorDark } } } },
      // A focused field's label is drawn in its colour by default: the brand blue is 2.6:1 on white
      // (axe color-contrast).
      MuiFormLabel: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-error': { color: colors.errorDark },
            variants: paletteColors.map((color) => ({
              props: { color },
              style: { '&.Mui-focused:not(.Mui-error)': { color: theme.palette[color].dark } },
            })),
          }),
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
