/**
 * System prompt assembly from named sections. Each section renders for an
 * agent to text or nothing; sections that render nothing (undefined or '')
 * contribute nothing at all, not even a separator. Rendered sections are joined
 * in ascending order with `SECTION_SEPARATOR`; equal orders keep registration order.
 */
export const SECTION_SEPARATOR = '\n\n';

export interface PromptSection {
  name: string;
  order: number;
  render(agent: string): string | undefined;
}

export class PromptSections {
  private readonly sections: PromptSection[] = [];

  register(section: PromptSection): void {
    if (!Number.isFinite(section.order)) throw new Error(`prompt section '${section.name}' needs a finite order`);
    if (this.sections.some((s) => s.name === section.name)) {
      throw new Error(`prompt section '${section.name}' is already registered`);
    }
    this.sections.push(section);
  }

  assemble(agent: string): string {
    return this.ordered()
      .map((section) => section.render(agent))
      .filter((text): text is string => typeof text === 'string' && text.length > 0)
      .join(SECTION_SEPARATOR);
  }

  /** Ascending order; Array.prototype.sort is stable, so ties keep registration order. */
  ordered(): PromptSection[] {
    return [...this.sections].sort((a, b) => a.order - b.order);
  }
}
