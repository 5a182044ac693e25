import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FileStorage } from '../../platform/storage.ts';
import type { Executor } from '../client.ts';
import { organizationResources, videoCollections, videoDocuments, videos } from '../schema/content.ts';
import { schoolYears } from '../schema/lookups.ts';
import { organizations } from '../schema/organizations.ts';
import { unsignedDemoContract } from './demo-purchase-orders.ts';
import { contracts } from '../schema/contracts.ts';

/**
 * Organization resources and video collections in the demo. The resources are generated from word
 * lists of professional-development topics and formats (not lorem ipsum), so search behaves as it would
 * with real data: about 90 per school and school year, for Lincoln Elementary and Washington Middle,
 * this school year and the last. Idempotent: a school and year that hold resources, and a collection
 * whose slug exists, are left alone.
 */

interface Topic {
  name: string;
  grades: string;
  about: string;
}

const elementaryTopics: Topic[] = [
  {
    name: 'Guided reading in small groups',
    grades: 'Grades K–2',
    about: 'grouping readers by need, choosing leveled texts and prompting for strategies',
  },
  {
    name: 'Running records',
    grades: 'Grades K–3',
    about: 'taking and scoring a running record and planning from the miscues',
  },
  {
    name: 'Phonics and word study',
    grades: 'Grades K–2',
    about: 'a systematic sequence of sound–spelling patterns with daily practice',
  },
  {
    name: 'Reading fluency',
    grades: 'Grades 1–3',
    about: 'repeated reading, phrasing and expression with partner routines',
  },
  {
    name: 'Interactive read-aloud',
    grades: 'Grades K–5',
    about: 'planned stopping points, turn-and-talk and accountable talk about books',
  },
  {
    name: 'Writing workshop',
    grades: 'Grades K–5',
    about: 'minilessons, conferring with writers and sharing at the end of the workshop',
  },
  {
    name: 'Math number talks',
    grades: 'Grades K–5',
    about: 'short daily discussions of mental strategies for computation',
  },
  {
    name: 'Fractions on the number line',
    grades: 'Grades 3–5',
    about: 'building fraction sense with number lines and area models',
  },
  {
    name: 'Social-emotional learning',
    grades: 'Grades K–5',
    about: 'morning meetings, self-regulation and classroom community',
  },
  {
    name: 'English language learners',
    grades: 'Grades K–5',
    about: 'language objectives, sentence frames and structured talk for newcomers',
  },
];

const middleTopics: Topic[] = [
  { name: 'Argument writing', grades: 'Grades 6–8', about: 'claims, evidence and reasoning across content areas' },
  {
    name: 'Close reading of complex texts',
    grades: 'Grades 6–8',
    about: 'text-dependent questions and annotation for informational reading',
  },
  {
    name: 'Academic vocabulary',
    grades: 'Grades 6–8',
    about: 'tiered word lists and morphology routines for every subject',
  },
  { name: 'Proportional reasoning', grades: 'Grades 6–7', about: 'ratio tables, double number lines and unit rates' },
  {
    name: 'Algebraic thinking',
    grades: 'Grades 7–8',
    about: 'expressions, equations and the moves that keep them equivalent',
  },
  { name: 'Science notebooks', grades: 'Grades 6–8', about: 'claims, evidence and reasoning in lab write-ups' },
  { name: 'Restorative practices', grades: 'Grades 6–8', about: 'circles, affective statements and repairing harm' },
  {
    name: 'Data-driven instruction',
    grades: 'Grades 6–8',
    about: 'common assessments, item analysis and reteach plans',
  },
  {
    name: 'Co-teaching models',
    grades: 'Grades 6–8',
    about: 'station, parallel and team teaching for inclusive classrooms',
  },
  {
    name: 'Advisory programs',
    grades: 'Grades 6–8',
    about: 'a weekly advisory curriculum on organization and goal setting',
  },
];

interface Format {
  name: string;
  says: string;
  pdf: boolean;
}

const formats: Format[] = [
  { name: 'Planning guide', says: 'A planning guide for', pdf: true },
  { name: 'Coaching protocol', says: 'A coaching protocol for observing and debriefing', pdf: false },
  { name: 'Classroom look-fors', says: 'What to look for in classrooms when walking through', pdf: false },
  { name: 'Lesson sequence', says: 'A two-week lesson sequence on', pdf: false },
  { name: 'Assessment checklist', says: 'A checklist to assess student progress in', pdf: true },
  { name: 'Family letter', says: 'A letter for families explaining', pdf: false },
  {
    name: 'Professional learning slides',
    says: 'Slides from the school’s professional learning session on',
    pdf: false,
  },
  { name: 'Grade-level team agenda', says: 'A team meeting agenda that looks at student work in', pdf: false },
  { name: 'Recommended reading', says: 'Books and articles the staff developers recommend on', pdf: false },
];

const linkOf = (title: string) =>
  `https://example.org/resources/${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** A one-page document naming its title, drawn with the PDF library the certificates use. */
async function demoPdf(title: string, line: string): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(title, { x: 72, y: 720, size: 18, font });
  page.drawText(line.slice(0, 90), { x: 72, y: 690, size: 11, font });
  return Buffer.from(await doc.save());
}

/** The resources of one school and year: every topic in every format, PDFs for the first two topics only (few files to store). */
export function generatedResources(topics: readonly Topic[], year: string) {
  return topics.flatMap((topic, topicIndex) =>
    formats.map((format) => {
      const title = `${format.name}: ${topic.name}`;
      const description = `${format.says} ${topic.name.toLowerCase()}: ${topic.about}. Prepared for the ${year} school year.`;
      return { title, grades: topic.grades, description, pdf: format.pdf && topicIndex < 2 };
    }),
  );
}

async function seedOrganizationResources(db: Executor, storage: FileStorage, today: string): Promise<void> {
  const years = await db
    .select({ id: schoolYears.id, name: schoolYears.name })
    .from(schoolYears)
    .where(lte(schoolYears.startsOn, today))
    .orderBy(desc(schoolYears.startsOn))
    .limit(2);
  const schools = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.name, ['Lincoln Elementary School', 'Washington Middle School']));
  for (const school of schools) {
    const topics = school.name.startsWith('Lincoln') ? elementaryTopics : middleTopics;
    for (const year of years) {
      const [present] = await db
        .select({ id: organizationResources.id })
        .from(organizationResources)
        .where(
          and(eq(organizationResources.organizationId, school.id), eq(organizationResources.schoolYearId, year.id)),
        )
        .limit(1);
      if (present) continue;
      const rows = [];
      for (const resource of generatedResources(topics, year.name)) {
        const id = randomUUID();
        const fileKey = resource.pdf ? `organization-resources/${id}/demo.pdf` : null;
        const bytes = resource.pdf ? await demoPdf(resource.title, resource.description) : null;
        // The file is stored before the row names it: a row never points at a missing file.
        if (bytes && fileKey) await storage.put(fileKey, bytes, 'application/pdf');
        rows.push({
          id,
          organizationId: school.id,
          schoolYearId: year.id,
          title: resource.title,
          grades: resource.grades,
          description: resource.description,
          url: bytes ? null : linkOf(resource.title),
          fileKey,
          fileName: bytes ? `${resource.title.replace(/[^A-Za-z0-9 -]+/g, '')}.pdf` : null,
          fileSize: bytes?.length ?? null,
        });
      }
      await db.insert(organizationResources).values(rows);
    }
  }
}

interface DemoCollection {
  slug: string;
  name: string;
  description: string;
  videos: { vimeoId: string; title: string; description: string; guide?: string }[];
}

export const demoCollections: DemoCollection[] = [
  {
    slug: 'coaching-cycles-in-action',
    name: 'Coaching Cycles in Action',
    description: 'Classroom footage of one coaching cycle, from the goal-setting conversation to the debrief.',
    videos: [
      {
        vimeoId: '76979871',
        title: 'Setting a goal with a teacher',
        description: 'The first conversation of the cycle: a student-centered goal and how it will be measured.',
        guide: 'Goal-setting viewing guide',
      },
      {
        vimeoId: '22439234',
        title: 'Modeling a guided reading lesson',
        description: 'The coach teaches while the teacher notes the prompts used with each reader.',
        guide: 'Modeling observation notes',
      },
      {
        vimeoId: '148751763',
        title: 'The debrief conversation',
        description: 'Looking at student work together and choosing the next step.',
      },
    ],
  },
  {
    slug: 'math-number-talks',
    name: 'Math Number Talks',
    description: 'Short daily number talks in grades 2 to 5, with the teacher’s questions.',
    videos: [
      {
        vimeoId: '90509568',
        title: 'A dot talk in second grade',
        description: 'Students explain how they saw the dots, and the teacher records each way.',
        guide: 'Number talk planning sheet',
      },
      {
        vimeoId: '253989945',
        title: 'Multiplication strings in fourth grade',
        description: 'A string of related problems that builds toward the distributive property.',
      },
    ],
  },
];

async function seedVideoCollections(db: Executor, storage: FileStorage): Promise<void> {
  const existing = await db
    .select({ slug: videoCollections.slug })
    .from(videoCollections)
    .where(
      inArray(
        videoCollections.slug,
        demoCollections.map((c) => c.slug),
      ),
    );
  for (const demo of demoCollections) {
    if (existing.some((row) => row.slug === demo.slug)) continue;
    const [collection] = await db
      .insert(videoCollections)
      .values({ slug: demo.slug, name: demo.name, description: demo.description })
      .returning({ id: videoCollections.id });
    if (!collection) throw new Error('demo collection not created');
    for (const [position, video] of demo.videos.entries()) {
      const [row] = await db
        .insert(videos)
        .values({
          collectionId: collection.id,
          vimeoId: video.vimeoId,
          title: video.title,
          description: video.description,
          position,
        })
        .returning({ id: videos.id });
      if (!row || !video.guide) continue;
      const id = randomUUID();
      const fileKey = `video-documents/${id}/demo.pdf`;
      const bytes = await demoPdf(video.guide, video.title);
      await storage.put(fileKey, bytes, 'application/pdf');
      await db.insert(videoDocuments).values({
        id,
        videoId: row.id,
        title: video.guide,
        fileKey,
        fileName: `${video.guide}.pdf`,
        fileSize: bytes.length,
      });
    }
  }
}

/** The demo contract's signed PDF, stored where staff's upload puts it: a purchase order pays only a signed contract. */
async function seedSignedContract(db: Executor, storage: FileStorage): Promise<void> {
  const contract = await unsignedDemoContract(db);
  if (!contract) return;
  const key = `contracts/${contract.id}.pdf`;
  await storage.put(
    key,
    await demoPdf('Literacy Partnership contract', 'Signed by Washington Middle School.'),
    'application/pdf',
  );
  await db.update(contracts).set({ signedPdfKey: key }).where(eq(contracts.id, contract.id));
}

export async function seedDemoContent(db: Executor, storage: FileStorage, now: Date): Promise<void> {
  await seedOrganizationResources(db, storage, now.toISOString().slice(0, 10));
  await seedVideoCollections(db, storage);
  await seedSignedContract(db, storage);
}
