/** Minimal valid Office Open XML documents: one worksheet (.xlsx) and one document (.docx). */
import { escapeXml } from '../photos';
import { zip } from './zip';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

const contentTypes = (overrides: [string, string][]) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
  '</Types>';

const relationships = (rels: [string, string, string][]) =>
  `${XML}<Relationships xmlns="${PKG_REL}">` +
  rels.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('') +
  '</Relationships>';

const column = (i: number) => String.fromCharCode(65 + i);

export function renderXlsx(sheetName: string, rows: readonly (readonly (string | number)[])[]): Buffer {
  const sheetRows = rows
    .map((cells, r) => {
      const xml = cells
        .map((cell, c) => {
          const ref = `${column(c)}${r + 1}`;
          return typeof cell === 'number'
            ? `<c r="${ref}"><v>${cell}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xml}</row>`;
    })
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return zip([
    {
      name: '[Content_Types].xml',
      data: contentTypes([
        ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
        ['/xl/worksheets/sheet1.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml'],
      ]),
    },
    { name: '_rels/.rels', data: relationships([['rId1', 'officeDocument', 'xl/workbook.xml']]) },
    {
      name: 'xl/workbook.xml',
      data: `${XML}<workbook xmlns="${main}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: relationships([['rId1', 'worksheet', 'worksheets/sheet1.xml']]) },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `${XML}<worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`,
    },
  ]);
}

export function renderDocx(title: string, paragraphs: readonly string[]): Buffer {
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const para = (text: string, bold = false) =>
    `<w:p><w:r>${bold ? '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: contentTypes([
        ['/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
      ]),
    },
    { name: '_rels/.rels', data: relationships([['rId1', 'officeDocument', 'word/document.xml']]) },
    {
      name: 'word/document.xml',
      data: `${XML}<w:document xmlns:w="${w}"><w:body>${para(title, true)}${paragraphs.map((p) => para(p)).join('')}</w:body></w:document>`,
    },
  ]);
}
