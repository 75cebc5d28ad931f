import { Paper, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { CardText } from '@/shared/ui/CardText';
import marketing from '@/shared/ui/marketing.module.css';
import { TOKEN_ROADMAP } from '../tokenomics';
import steps from './TokenRoadmapSteps.module.css';

/** The nine steps of the token roadmap as a numbered grid. */
export function TokenRoadmapSteps() {
  return (
    <ol className={steps.grid}>
      {TOKEN_ROADMAP.map((step, i) => (
        <li key={step.title}>
          <Paper withBorder radius="lg" p="lg" className={marketing.card}>
            <ThemeIcon size={40} radius="xl" variant="light" mb="sm" aria-hidden="true">
              <Text fw={800} size="md" component="span">
                {i + 1}
              </Text>
            </ThemeIcon>
            <CardText
              title={
                <>
                  <VisuallyHidden>Step {i + 1}: </VisuallyHidden>
                  {step.title}
                </>
              }
            >
              {step.description}
            </CardText>
          </Paper>
        </li>
      ))}
    </ol>
  );
}
