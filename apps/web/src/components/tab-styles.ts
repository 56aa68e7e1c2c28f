/**
 * A selected tab in the brand's dark shade: the theme's light blue is too light for text on white
 * (theme.ts). Kept here rather than in the theme, which the home page's code carries.
 * Use as `<Tab sx={selectedTabSx} … />`.
 */
export const selectedTabSx = { '&.Mui-selected': { color: 'primary.dark' } } as const;
