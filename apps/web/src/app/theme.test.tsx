import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { decomposeColor, getContrastRatio, recomposeColor, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { appTheme, colors, paletteColors } from './theme';

/**
 * WCAG AA (issue 18 point 8): every text the theme draws reads at least 4.5:1 on what it is drawn
 * on. First the palette's pairs, then what MUI's components actually draw with this theme (their
 * computed colour in jsdom), so an override that stops applying fails here too.
 */

const AA = 4.5;
const theme = appTheme();
const { palette } = theme;
const backgrounds = { paper: palette.background.paper, page: palette.background.default };

/** A colour with alpha (MUI's 'rgba(0, 0, 0, 0.87)') as it shows over `background`. */
function over(color: string, background: string): string {
  const fg = decomposeColor(color);
  const alpha = fg.values[3] ?? 1;
  if (alpha >= 1) {
    return color;
  }
  const bg = decomposeColor(background).values;
  const mixed = [0, 1, 2].map((i) => Math.round(fg.values[i]! * alpha + bg[i]! * (1 - alpha)));
  return recomposeColor({ type: 'rgb', values: mixed as [number, number, number] });
}

const ratio = (text: string, background: string) => getContrastRatio(over(text, background), background);

describe('theme palette contrast', () => {
  const pairs: [string, string, string][] = [];
  for (const [bgName, bg] of Object.entries(backgrounds)) {
    for (const key of ['primary', 'secondary', 'disabled'] as const) {
      pairs.push([`text.${key} on ${bgName}`, palette.text[key], bg]);
    }
    for (const color of paletteColors) {
      pairs.push([`${color}.dark (its text shade) on ${bgName}`, palette[color].dark, bg]);
    }
  }
  for (const color of paletteColors) {
    pairs.push([`${color}.contrastText on ${color}.main`, palette[color].contrastText, palette[color].main]);
    // A contained button's hover fill; its text turns white there (theme.ts MuiButton).
    pairs.push([`white on ${color}.dark`, '#fff', palette[color].dark]);
    pairs.push([
      `filled alert text on ${color}.main`,
      palette.getContrastText(palette[color].main),
      palette[color].main,
    ]);
    // Standard alerts: MUI's own formula from the colour's light shade (Alert.js).
    pairs.push([
      `standard ${color} alert`,
      theme.darken(palette[color].light, 0.6),
      theme.lighten(palette[color].light, 0.9),
    ]);
  }

  it.each(pairs)('%s reads at least 4.5:1', (_name, text, background) => {
    expect(ratio(text, background)).toBeGreaterThanOrEqual(AA);
  });

  it("keeps the spec's hues for fills: main blue 32ADD0, error FF4B5C", () => {
    expect(palette.primary.main).toBe('#32ADD0');
    expect(palette.error.main).toBe('#FF4B5C');
    // ...which are themselves under 4.5:1 on white, hence the text shades.
    expect(ratio(colors.error, '#fff')).toBeLessThan(AA);
    expect(ratio(colors.primary, '#fff')).toBeLessThan(AA);
  });
});

/**
 * The colour an element's text is drawn in, with MUI's `var(--variant-textColor)` resolved (jsdom
 * lower-cases the name inside var(), custom properties are case-sensitive: matched without case).
 */
function textColor(element: HTMLElement): string {
  const style = getComputedStyle(element);
  const match = /^var\((--[\w-]+)\)$/.exec(style.color);
  if (!match) {
    return style.color;
  }
  const name = Array.from(style).find((property) => property.toLowerCase() === match[1]!.toLowerCase());
  return name ? style.getPropertyValue(name).trim() : '';
}

function drawn(ui: ReactElement, label: string): string {
  render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
  const color = textColor(screen.getByText(label));
  expect(color, `${label}: no colour`).toMatch(/^(#|rgb)/);
  return color;
}

describe('components draw text at 4.5:1 on paper and on the page', () => {
  const cases: [string, ReactElement][] = paletteColors.flatMap((color): [string, ReactElement][] => [
    [`text button ${color}`, <Button color={color}>Eliminar</Button>],
    [
      `outlined button ${color}`,
      <Button variant="outlined" color={color}>
        Eliminar
      </Button>,
    ],
    [`icon button ${color}`, <IconButton color={color}>Eliminar</IconButton>],
    [`outlined chip ${color}`, <Chip variant="outlined" color={color} label="Eliminar" />],
    [`Typography color ${color}`, <Typography color={color}>Eliminar</Typography>],
    [
      `focused label ${color}`,
      <FormControl color={color} focused>
        <FormLabel>Eliminar</FormLabel>
      </FormControl>,
    ],
  ]);
  cases.push(
    ['link', <Link href="/">Eliminar</Link>],
    ['error helper text', <FormHelperText error>Eliminar</FormHelperText>],
    ['disabled helper text', <FormHelperText disabled>Eliminar</FormHelperText>],
    [
      'label of a focused field in error',
      <FormControl focused error>
        <FormLabel>Eliminar</FormLabel>
      </FormControl>,
    ],
    [
      'label of a disabled field',
      <FormControl disabled>
        <FormLabel>Eliminar</FormLabel>
      </FormControl>,
    ],
  );

  it.each(cases)('%s', (_name, ui) => {
    const color = drawn(ui, 'Eliminar');
    expect(ratio(color, backgrounds.paper)).toBeGreaterThanOrEqual(AA);
    expect(ratio(color, backgrounds.page)).toBeGreaterThanOrEqual(AA);
  });

  it.each(paletteColors)('contained button %s: its label on its fill', (color) => {
    render(
      <ThemeProvider theme={theme}>
        <Button variant="contained" color={color}>
          Guardar
        </Button>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Guardar' });
    const fill = getComputedStyle(button).getPropertyValue('--variant-containedBg').trim();
    expect(ratio(textColor(button), fill)).toBeGreaterThanOrEqual(AA);
  });

  it.each(paletteColors)('selected toggle button %s: its label on its tint', (color) => {
    render(
      <ThemeProvider theme={theme}>
        <ToggleButton value="excel" selected color={color}>
          Archivo Excel
        </ToggleButton>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Archivo Excel' });
    const tint = over(getComputedStyle(button).backgroundColor, backgrounds.paper);
    expect(ratio(textColor(button), tint)).toBeGreaterThanOrEqual(AA);
  });

  it.each(['standard', 'outlined', 'filled'] as const)('%s alerts of every severity', (variant) => {
    for (const severity of ['error', 'warning', 'info', 'success'] as const) {
      const { unmount } = render(
        <ThemeProvider theme={theme}>
          <Alert variant={variant} severity={severity}>
            Aviso
          </Alert>
        </ThemeProvider>,
      );
      const alert = screen.getByRole('alert');
      const style = getComputedStyle(alert);
      const background = variant === 'outlined' ? backgrounds.paper : style.backgroundColor;
      expect(ratio(style.color, background), `${variant} ${severity}`).toBeGreaterThanOrEqual(AA);
      unmount();
    }
  });
});

describe("MUI's plain theme", () => {
  // vite.config.ts (muiWithoutCssVariables) builds the app with only MUI's plain-theme branch of
  // createTheme and ThemeProvider. That is the branch MUI itself takes for a theme without
  // `cssVariables` or `colorSchemes`; here, with the real createTheme, the app's theme is one.
  it('has neither color schemes nor CSS variables, so the build may leave them out', () => {
    const appThemeNow = appTheme();
    expect('colorSchemes' in appThemeNow).toBe(false);
    expect('vars' in appThemeNow).toBe(false);
    expect('cssVariables' in appThemeNow).toBe(false);
  });
});
