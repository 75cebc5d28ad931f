import { ColorInput, Input, SegmentedControl, Textarea, TextInput } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useSettingsSection } from '../../hooks/use-settings-section';
import { STORE_LIMITS, type Store } from '../../services/store.service';
import { SettingsSection } from './SettingsSection';

const HEX = /^#[0-9a-f]{6}$/i;
const SWATCHES = ['#a5529f', '#6fcee7', '#e64980', '#7950f2', '#228be6', '#12b886', '#fab005', '#fd7e14'];
const { displayName, taglineMax, descriptionMax } = STORE_LIMITS;

export function AppearanceSection({ store }: { store: Store }) {
  const { form, onSubmit, saving } = useSettingsSection({
    section: 'appearance',
    title: 'Appearance',
    store,
    values: ({ appearance }) => ({
      displayName: appearance.displayName,
      tagline: appearance.tagline ?? '',
      description: appearance.description ?? '',
      accentColor: appearance.accentColor,
      layout: appearance.layout,
    }),
    patch: (values) => ({
      displayName: values.displayName.trim(),
      tagline: values.tagline.trim() || null,
      description: values.description.trim() || null,
      accentColor: values.accentColor,
      layout: values.layout,
    }),
    validate: {
      displayName: (value) => {
        const length = value.trim().length;
        return length < displayName.min || length > displayName.max
          ? `The store name has ${displayName.min} to ${displayName.max} characters`
          : null;
      },
      tagline: (value) =>
        value.trim().length > taglineMax ? `The tagline has at most ${taglineMax} characters` : null,
      description: (value) =>
        value.trim().length > descriptionMax ? `The bio has at most ${descriptionMax} characters` : null,
      accentColor: (value) => (HEX.test(value) ? null : 'The accent colour is a hex colour such as #a5529f'),
    },
  });

  return (
    <SettingsSection
      icon={<IconPalette size={22} />}
      title="Appearance"
      description="How your store looks to fans: its name, tagline, bio, colour and layout."
      onSubmit={onSubmit}
      saving={saving}
      dirty={form.isDirty()}
    >
      <TextInput label="Store name" required maxLength={displayName.max} {...form.getInputProps('displayName')} />
      <TextInput
        label="Tagline"
        description={`One line under your store name, up to ${taglineMax} characters`}
        maxLength={taglineMax}
        {...form.getInputProps('tagline')}
      />
      <Textarea
        label="Bio"
        placeholder="Who you are, what you post and how often"
        description={`${form.values.description.length} / ${descriptionMax} characters`}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={descriptionMax}
        {...form.getInputProps('description')}
      />
      <ColorInput
        label="Accent colour"
        description="Used for buttons and highlights on your store page"
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={8}
        maw={320}
        {...form.getInputProps('accentColor')}
      />
      <Input.Wrapper
        label="Layout"
        description="How your videos and albums are arranged on your store page"
        labelElement="div"
        labelProps={{ id: 'store-layout-label' }}
        error={form.errors.layout}
      >
        <SegmentedControl
          aria-labelledby="store-layout-label"
          data={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
          maw={320}
          mt={4}
          value={form.values.layout}
          onChange={(value) => form.setFieldValue('layout', value as Store['appearance']['layout'])}
        />
      </Input.Wrapper>
    </SettingsSection>
  );
}
