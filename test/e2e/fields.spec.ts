// Custom fields: every type on one link, including a required file sent as soon as it is chosen.
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectSuccess, heading, merchant, payButton, shot } from './helpers.ts';

/** A valid 1x1 PNG. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const CERTIFICATE = 'Certificat médical (PDF ou image)';

/** Holds each upload back a moment, so its progress can be seen on screen. */
async function slowUploads(page: Page, ms: number) {
  await page.route('**/api/v1/uploads', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Fills every custom field of `lnk_all_fields_sn` but the file. */
async function fillRaceEntry(page: Page) {
  await page.getByLabel('Nom sur le dossard').fill('AWA K.');
  await page.getByLabel('Informations médicales').fill('Aucune allergie.');
  await page.getByLabel('Taille du t-shirt').selectOption('M');
  await page.getByLabel('Temps visé (minutes)').fill('240');
  await page.getByLabel('Date de naissance').fill('1990-05-17');
  await page.getByLabel("J'accepte le règlement de la course").check();
  await page.getByLabel('Full name').fill('Awa Koné');
  await page.getByLabel('Email').fill('awa@example.com');
  await page.getByLabel('Phone number').fill('+221770000001');
}

test('every field type, with a file upload, then success', async ({ page }) => {
  const file = test.info().outputPath('certificat.png');
  writeFileSync(file, PIXEL_PNG);
  await slowUploads(page, 800);
  await page.goto(merchant('lnk_all_fields_sn'));
  await expect(heading(page, /Marathon de Dakar/)).toBeVisible();
  await shot(page, 'form');
  await fillRaceEntry(page);

  await page.getByLabel(CERTIFICATE).setInputFiles(file);
  await expect(page.getByText(/^Uploading… \d+\s?%$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: CERTIFICATE })).toBeVisible();
  await shot(page, 'uploading');
  await expect(page.getByText('Uploaded: certificat.png')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: CERTIFICATE })).toHaveCount(0);
  await shot(page, 'uploaded');

  await payButton(page).click();
  await expect(heading(page, 'Approve on your phone')).toBeVisible();
  await expectSuccess(page);
});
