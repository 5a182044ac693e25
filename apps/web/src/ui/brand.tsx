import { Box, Group, Text } from '@mantine/core';

/**
 * The provider's name as every header shows it, and the slot its logo fills: the provider's own
 * mark when it supplies one (logoSrc), otherwise its initials in the accent colour.
 */
export const brand = {
  name: 'Members Portal',
  initials: 'MP',
  logoSrc: null as string | null,
};

export function BrandMark() {
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      {brand.logoSrc ? (
        <img src={brand.logoSrc} alt="" width={32} height={32} />
      ) : (
        <Box
          component="span"
          aria-hidden
          w={32}
          h={32}
          bg="blue.8"
          c="white"
          fz="xs"
          fw={700}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: 'var(--mantine-radius-md)',
            flexShrink: 0,
          }}
        >
          {brand.initials}
        </Box>
      )}
      <Text component="span" fw={700} inherit>
        {brand.name}
      </Text>
    </Group>
  );
}
