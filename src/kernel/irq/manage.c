// SPDX-License-Identifier: MIT
/*
 * Interrupt lines: request_irq binds a handler to a line and the line to
 * a CPU (its affinity); the device sets the line's level, and a rising
 * edge queues the handler as hardirq work on that CPU, which charges the
 * platform's interrupt entry cost before the handler runs.
 * Kernel source: kernel/irq/manage.c (request_threaded_irq,
 * irq_set_affinity) and kernel/irq/handle.c (handle_irq_event) in spirit.
 * Leaves out: threaded handlers, shared lines, the interrupt controller's
 * own masking (drivers mask at the device, as mvneta does).
 */
#include <stdio.h>
#include "kernel/host.h"
#include "sim/engine/util.h"

static void irq_work(struct cpu *cpu, struct work *w)
{
	struct irq_desc *irq = w->arg;

	irq->count++;
	cpu_charge(cpu, COST_irq, cpu->host->plat->cost.irq);
	irq->handler(cpu, irq->dev_id);
}

struct irq_desc *host_request_irq(struct host *h, const char *name, int cpu,
				  void (*handler)(struct cpu *, void *), void *dev_id)
{
	struct irq_desc *irq;

	BUG_ON(h->nr_irqs >= HOST_MAX_IRQS);
	irq = &h->irqs[h->nr_irqs++];
	irq->host = h;
	snprintf(irq->name, sizeof(irq->name), "%s", name);
	irq->cpu = &h->cpus[cpu % h->nr_cpus];
	irq->handler = handler;
	irq->dev_id = dev_id;
	work_init(&irq->work, CTX_HARDIRQ, irq_work, irq);
	return irq;
}

void irq_set_level(struct irq_desc *irq, bool level)
{
	bool rising = level && !irq->level;

	irq->level = level;
	if (rising)
		cpu_queue_work(irq->cpu, &irq->work);
}
