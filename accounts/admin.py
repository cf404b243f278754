"""The team's admin for members and approved agents."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from accounts import agents
from accounts.models import Agent, AgentMessage, FormerTag, User
from accounts.sockets import recheck_member_sockets

admin.site.site_header = gettext_lazy("JustAllowGod team")
admin.site.site_title = gettext_lazy("JustAllowGod team")


class FormerTagInline(admin.TabularInline):
    model = FormerTag
    extra = 0
    can_delete = False
    readonly_fields = ("tag", "used_until")


class MemberChangeForm(UserChangeForm):
    """A child's account (accounts/family.py) never joins the team (no staff, no superuser, no
    group) and never gets an email: only their parent hears about them."""

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.instance.managed_by_id and data.get("email"):
            raise ValidationError("A child's account has no email address: their parent hears about them.")
        if self.instance.managed_by_id and (
            data.get("is_staff")
            or data.get("is_superuser")
            or data.get("groups")
            or data.get("user_permissions")
        ):
            raise ValidationError("A child's account can't be staff or be given groups or permissions.")
        return data


class MemberCreationForm(AdminUserCreationForm):
    """A member the team adds signs in by email, so it is required (only a child has none)."""

    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("email",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].required = True


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    form = MemberChangeForm
    add_form = MemberCreationForm
    ordering = ("email",)
    list_display = ("gamer_tag", "email", "is_staff", "is_active", "date_joined")
    search_fields = ("email", "gamer_tag", "former_tags__tag")
    list_filter = ("is_staff", "is_active", "groups")
    readonly_fields = ("date_joined", "last_login", "tag_changed_at")
    inlines = [FormerTagInline]
    fieldsets = (
        (None, {"fields": ("email", "password", "gamer_tag", "tag_changed_at")}),
        ("Access", {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)

    def save_model(self, request: HttpRequest, obj: User, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if change and {"is_active", "password"} & set(form.changed_data):
            recheck_member_sockets(obj.pk)  # made inactive: their open tables close at once

    def user_change_password(self, request: HttpRequest, id: str, form_url: str = "") -> HttpResponse:
        user = self.get_object(request, unquote(id))  # None for an id that names nobody: Django's 404
        if user is not None and user.managed_by_id is not None:
            # a child signs in only by their parent's QR: a password would be a door around the parent
            raise PermissionDenied("A child's account never has a password.")
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302:
            recheck_member_sockets(int(id))  # every other session of theirs has ended
        return response


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ("name", "owner_contact", "is_approved", "token_issued_at", "created_at")
    search_fields = ("name", "owner_contact")
    readonly_fields = ("approved_at", "approved_by", "withdrawn_at", "token_issued_at", "created_at")
    actions = ("approve", "withdraw", "issue_new_token", "revoke_token")

    @admin.display(boolean=True)
    def is_approved(self, agent: Agent) -> bool:
        return agent.is_approved

    @admin.action(description="Approve the selected agents")
    def approve(self, request: HttpRequest, queryset: QuerySet[Agent]) -> None:
        for agent in queryset:
            agents.approve_agent(agent=agent, by=request.user)
        self.message_user(request, f"Approved {queryset.count()} agent(s).", messages.SUCCESS)

    @admin.action(description="Withdraw approval (disconnects them at once)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Agent]) -> None:
        for agent in queryset:
            agents.withdraw_agent(agent=agent)
        self.message_user(request, f"Withdrew {queryset.count()} agent(s).", messages.WARNING)

    @admin.action(description="Issue a new token (shown once)")
    def issue_new_token(self, request: HttpRequest, queryset: QuerySet[Agent]) -> None:
        for agent in queryset:
            token = agents.issue_token(agent=agent)
            self.message_user(request, f"Token for {agent.name}, shown only now: {token}", messages.WARNING)

    @admin.action(description="Revoke the token (disconnects them at once)")
    def revoke_token(self, request: HttpRequest, queryset: QuerySet[Agent]) -> None:
        for agent in queryset:
            agents.revoke_token(agent=agent)
        self.message_user(request, f"Revoked {queryset.count()} token(s).", messages.WARNING)


@admin.register(AgentMessage)
class AgentMessageAdmin(admin.ModelAdmin):
    """The audit log of everything agents sent: read only."""

    list_display = ("received_at", "agent", "table_code", "outcome", "text")
    list_filter = ("agent", "outcome")
    search_fields = ("table_code", "text")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: AgentMessage | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AgentMessage | None = None) -> bool:
        return False
