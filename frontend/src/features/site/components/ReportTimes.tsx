import { Anchor, Card, Container, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { POLICY_CONSTANTS } from '../../../content/site-facts';
import { fillText } from '../content/fill-text';
import content from '../content/contact.json';
import { SectionHeading } from './SectionHeading';
import site from './site.module.css';

const FIGURES: Record<string, number> = {
  review: POLICY_CONSTANTS.reportReviewHours,
  takedown: POLICY_CONSTANTS.takedownHours,
  appeal: POLICY_CONSTANTS.appealBusinessDays,
};

/** How fast reports, takedowns and appeals are handled (SPEC §9), with the governing policies. */
export function ReportTimes() {
  const { title, lead, times, policiesIntro, complaints, contentManagement } = content.contact.reports;
  return (
    <Container component="section" size="lg" py={{ base: 32, sm: 48 }} aria-labelledby="contact-reports-title">
      <SectionHeading id="contact-reports-title" title={title} lead={fillText(lead)} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {times.map((time) => (
          <Card key={time.id} withBorder radius="lg" padding="lg">
            <Text className={site.muted}>{time.label}</Text>
            <Text fw={800} fz={40} lh={1.2} className={site.gradientText}>
              {FIGURES[time.id]}{' '}
              <Text span fz="lg" fw={700} className={site.accent}>
                {time.unit}
              </Text>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text mt="lg" className={site.muted}>
        {policiesIntro}{' '}
        <Anchor component={Link} to="/complaints-policy" inherit underline="always">
          {complaints}
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to="/content-management-policy" inherit underline="always">
          {contentManagement}
        </Anchor>
        .
      </Text>
    </Container>
  );
}
