import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@portal/domain/people/names.ts';
import { toolkitPaths } from '@portal/domain/content/toolkit.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { userLookupQuery } from '../api/toolkit-library.ts';

/** Finds a member by name or email and opens their toolkit access and flags. */
export function MemberFlagsFinder() {
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const users = useQuery(userLookupQuery(search));
  return (
    <Stack component="section" gap="sm" aria-labelledby="toolkit-members">
      <Title order={2} id="toolkit-members">
        Members&apos; flags
      </Title>
      <TextInput
        label="Find a member"
        description="Name or email, at least 2 letters"
        type="search"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
        w={360}
        maw="100%"
      />
      {search.length < 2 ? null : users.isError ? (
        <Text size="sm" c="red.9">
          {errorMessage(users.error)}
        </Text>
      ) : users.data ? (
        users.data.items.length === 0 ? (
          <Text size="sm">No users found</Text>
        ) : (
          <Stack component="ul" gap="2xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Members found">
            {users.data.items.map((user) => (
              <li key={user.id}>
                <Anchor component={Link} to={toolkitPaths.adminUser(user.id)} size="sm">
                  {displayName(user)} ({user.email}): toolkit access
                </Anchor>
              </li>
            ))}
          </Stack>
        )
      ) : null}
    </Stack>
  );
}
