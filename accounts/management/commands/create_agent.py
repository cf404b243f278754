"""Create (or re-key) an approved agent for local development and print its token once."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from accounts import agents
from accounts.models import Agent, User


class Command(BaseCommand):
    help = "Create an approved agent and print a new token for it (local development and trials)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--name", required=True, help="Shown at the table with an Agent badge.")
        parser.add_argument("--contact", required=True, help="The owner's email address.")
        parser.add_argument("--description", default="")

    def handle(self, *args, name: str, contact: str, description: str, **options) -> None:
        approver = User.objects.filter(is_superuser=True).order_by("pk").first()
        if approver is None:
            raise CommandError("Create an admin first: manage.py createsuperuser")
        agent, _ = Agent.objects.get_or_create(
            name=name, defaults={"owner_contact": contact, "description": description}
        )
        agents.approve_agent(agent=agent, by=approver)
        self.stdout.write(agents.issue_token(agent=agent))
