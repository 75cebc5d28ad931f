import { Paper, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import classes from '../../roadmap/components/marketing.module.css';
import { TOKEN_ROADMAP } from '../tokenomics';
import steps from './TokenRoadmapSteps.module.css';

/** The nine steps of the token roadmap as a numbered grid. */
export function TokenRoadmapSteps() {
  return (
    <ol className={steps.grid}>
      {TOKEN_ROADMAP.map((step, i) => (
        <li key={step.title}>
          <Paper withBorder radius="lg" p="lg" className={classes.card}>
            <ThemeIcon size={40} radius="xl" variant="light" mb="sm" aria-hidden="true">
              <Text fw={800} size="md" component="span">
                {i + 1}
              </Text>
            </ThemeIcon>
            <Title order={3} size="h4">
              <VisuallyHidden>Step {i + 1}: </VisuallyHidden>
              {step.title}
            </Title>
            <Text mt={6} className={classes.muted}>
              {step.description}
            </Text>
          </Paper>
        </li>
      ))}
    </ol>
  );
}
