import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

/** The h3 and muted body text of a marketing card. */
export function CardText({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text mt={6} className={classes.muted}>
        {children}
      </Text>
    </>
  );
}
