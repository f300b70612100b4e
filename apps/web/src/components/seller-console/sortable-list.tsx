'use client';

import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  type SortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * Drag-and-drop ordering for the seller console (decision 0055), on @dnd-kit:
 * a pointer drags after 6 px (so a tap still clicks), the keyboard picks an
 * item up with Space, moves it with the arrows and drops it with Space, and a
 * screen reader hears each step in the item's own words (`label`).
 */
export function SortableList({
  ids,
  label,
  onMove,
  strategy = verticalListSortingStrategy,
  children,
}: {
  ids: string[];
  /** How an item is named when announced, e.g. "lot 12". */
  label: (id: string) => string;
  /** The new order after a drop that moved something. */
  onMove: (ids: string[]) => void;
  strategy?: SortingStrategy;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The live region and instructions go to <body>: inside a <tbody> a <div> is not allowed.
  const [container, setContainer] = useState<HTMLElement>();
  useEffect(() => setContainer(document.body), []);
  // Announce where the item is only when that changes, so "Picked up …" is not replaced at once.
  const lastOver = useRef<string | number | null>(null);
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }
  return (
    <DndContext
      // A stable id: the server's and the browser's markup agree on the described-by ids.
      id={useId()}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        ...(container ? { container } : {}),
        screenReaderInstructions: {
          draggable:
            'To pick up an item, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it where it is, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => {
            lastOver.current = active.id;
            return `Picked up ${label(String(active.id))}, at position ${position(active.id)} of ${ids.length}.`;
          },
          onDragOver: ({ active, over }) => {
            if ((over?.id ?? null) === lastOver.current) return undefined;
            lastOver.current = over?.id ?? null;
            return over
              ? `${label(String(active.id))} is over position ${position(over.id)} of ${ids.length}.`
              : `${label(String(active.id))} is no longer over the list.`;
          },
          onDragEnd: ({ active, over }) =>
            over
              ? `${label(String(active.id))} dropped at position ${position(over.id)} of ${ids.length}.`
              : `${label(String(active.id))} dropped where it was.`,
          onDragCancel: ({ active }) =>
            `Moving ${label(String(active.id))} was cancelled; it is back at position ${position(active.id)}.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={strategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One sortable item: its node's ref and style, and the props of its drag handle (a real button). */
export function useSortableItem(id: string, disabled = false) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 2, opacity: 0.85 } : {}),
  };
  return { setNodeRef, style, handle: { ...attributes, ...listeners }, isDragging };
}
